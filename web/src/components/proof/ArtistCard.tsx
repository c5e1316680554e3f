// 'Artist' card: who registered the work, where they are, who they credit, and their links.
import { User } from 'lucide-react';
import { Link } from 'react-router';
import type { PublicWork } from '../../../../core/api-types';
import { artistPath } from '../ledger/format';
import { isWebLink } from './format';
import { OutboundLink } from './OutboundLink';
import { Fact, FactList, ProofCard } from './ProofCard';

function locationOf(work: PublicWork): string | null {
  return work.author_location || [work.author_city, work.author_state, work.author_country].filter(Boolean).join(', ') || null;
}

export function ArtistCard({ work }: { work: PublicWork }) {
  const location = locationOf(work);
  return (
    <ProofCard title="Artist" icon={User}>
      <FactList>
        <Fact label="Artist name">
          <Link to={artistPath(work.artist_name)} className="font-medium text-primary hover:underline">
            {work.artist_name}
          </Link>
        </Fact>
        {work.author_full_name && <Fact label="Full name">{work.author_full_name}</Fact>}
        <Fact label="Location">{location ?? 'Not provided'}</Fact>
        {work.co_authors.length > 0 && <Fact label="Co-authors">{work.co_authors.join(', ')}</Fact>}
        {isWebLink(work.portfolio_link) && (
          <Fact label="Portfolio">
            <OutboundLink href={work.portfolio_link}>{work.portfolio_link}</OutboundLink>
          </Fact>
        )}
        {isWebLink(work.external_link) && (
          <Fact label="External link">
            <OutboundLink href={work.external_link}>{work.external_link}</OutboundLink>
          </Fact>
        )}
      </FactList>
    </ProofCard>
  );
}
