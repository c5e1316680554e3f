// 'Artist' card: who registered the work, where they are, who they credit, and their links.
import { User } from 'lucide-react';
import { Link } from 'react-router';
import type { PublicWork } from '#core/api-types';
import { coAuthorStateText } from '#core/messages';
import { ARTIST_CONFIRMED_TEXT, ARTIST_NOT_CONFIRMED_TEXT } from '#core/status';
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
          <span className="block text-xs text-muted-foreground">
            {work.artist_confirmed ? ARTIST_CONFIRMED_TEXT : ARTIST_NOT_CONFIRMED_TEXT}
          </span>
        </Fact>
        {work.author_full_name && <Fact label="Full name">{work.author_full_name}</Fact>}
        <Fact label="Location">{location ?? 'Not provided'}</Fact>
        {work.co_authors.length > 0 && (
          <Fact label="Co-authors">
            {/* Names only, each with whether they confirmed by e-mail (decision 0064). */}
            <ul className="grid gap-0.5">
              {work.co_authors.map((name) => (
                <li key={name}>
                  {name}{' '}
                  <span className="text-xs text-muted-foreground">
                    ({coAuthorStateText(work.co_authors_confirmed.includes(name))})
                  </span>
                </li>
              ))}
            </ul>
          </Fact>
        )}
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
