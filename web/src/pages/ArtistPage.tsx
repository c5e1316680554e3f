import { useParams } from 'react-router';
import { PlaceholderPage } from './PlaceholderPage';

export default function ArtistPage() {
  // react-router already decodes path parameters, so "Jane%20Doe" arrives as "Jane Doe".
  const { artistName = '' } = useParams();
  return <PlaceholderPage title={artistName} description="Verified artworks by this artist." />;
}
