// What a work's public record needs beyond its row (issue 18, issue 33): the earlier work it
// copies, its history, each link's proof state, whether it was registered by the identity that
// claimed its artist name, and its proven identities (links and domains, decision 0066) as every
// export lists them. Read once for the JSON record and the proof page alike.
import type { Kysely } from 'kysely';
import type { DB, PublicSubmission } from '../db/types';
import { linkStatesOf } from '../link-proofs/link-states';
import { identitiesOfWorks, NO_IDENTITIES } from '../link-proofs/work-identities-repository';
import { confirmedCoAuthorNames } from './co-author-invitations-repository';
import type { PublicWorkExtras } from './public-work';
import { readWorkHistory } from './work-history-repository';
import { findPublicDuplicateTarget } from './works-repository';

export async function publicWorkExtrasOf(db: Kysely<DB>, row: PublicSubmission): Promise<PublicWorkExtras> {
  const [duplicateOf, history, links, identities, confirmedCoAuthors] = await Promise.all([
    findPublicDuplicateTarget(db, row.duplicate_of),
    readWorkHistory(db, row.id),
    linkStatesOf(db, [row]),
    identitiesOfWorks(db, [row.id]),
    row.co_authors.length > 0 ? confirmedCoAuthorNames(db, row.id) : Promise.resolve([]),
  ]);
  const { artistConfirmed, provenIdentities } = identities.get(row.id) ?? NO_IDENTITIES;
  return { duplicateOf, history, linkProofs: links.get(row.id) ?? [], artistConfirmed, provenIdentities, confirmedCoAuthors };
}
