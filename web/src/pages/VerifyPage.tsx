import { useParams } from 'react-router';
import { PlaceholderPage } from './PlaceholderPage';

export default function VerifyPage() {
  const { id = '' } = useParams();
  return <PlaceholderPage title="Proof of Authorship" description={`Proof page for registry ID ${id}.`} />;
}
