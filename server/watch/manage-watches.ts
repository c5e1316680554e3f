// The watch feature's side of the manage page (server/works/manage-ports.ts WorkWatches): each
// work's alerts, and the artist watching their own works without a confirmation e-mail (the
// manage session already proved the address).
import type { WorkAlert, WorkWatches } from '../works/manage-ports';
import { newLinkToken } from '../mail/link-tokens';
import { alertsOfWorks, confirmedWatchesOf, deleteWatch, upsertConfirmedWatch } from './watch-repository';

export const manageWatches: WorkWatches = {
  async alerts(db, siteUrl, workIds, perWork) {
    const byWork = new Map<string, WorkAlert[]>();
    for (const row of await alertsOfWorks(db, workIds, perWork)) {
      const alert: WorkAlert = {
        registry_id: row.match_registry_id,
        title: row.match_title,
        artist_name: row.match_artist,
        reason: row.reason as WorkAlert['reason'],
        distance: row.distance,
        created_at: new Date(row.created_at).toISOString(),
        proof_url: `${siteUrl}/verify/${row.match_id}`,
      };
      byWork.set(row.submission_id, [...(byWork.get(row.submission_id) ?? []), alert]);
    }
    return byWork;
  },
  async watchedBy(db, email, workIds) {
    return new Set(await confirmedWatchesOf(db, email, workIds));
  },
  async setWatching(db, email, workId, watching, at) {
    if (watching) await upsertConfirmedWatch(db, workId, email, newLinkToken().hash, at);
    else await deleteWatch(db, workId, email);
  },
};
