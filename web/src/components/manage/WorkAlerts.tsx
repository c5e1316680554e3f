// The manage page's 'Copies' section of one work (issue 18): whether the artist is e-mailed about
// copies, and the later public registrations that look like copies of it.
import type { ManagedWork, WorkAlert } from '#core/api/manage';
import { WATCH } from '#core/constants';
import { Button } from '../ui/Button';
import { formatUtcDay } from '../../lib/dates';

const REASONS: Record<WorkAlert['reason'], string> = {
  exact_duplicate: 'the same image file',
  near_duplicate: 'a visually near-identical image',
  profile_link: 'claims one of your profile links',
};

export function WorkAlerts({ work, busy, onWatch }: { work: ManagedWork; busy: boolean; onWatch: (watching: boolean) => void }) {
  return (
    <section className="grid gap-2" aria-label={`Copies of ${work.title}`}>
      <h4 className="font-semibold">Copies</h4>
      <p className="text-sm text-muted-foreground">
        {work.watching
          ? `You get an e-mail, within ${WATCH.promiseMinutes} minutes, when someone registers a copy of this work.`
          : 'Get an e-mail when someone registers the same image, a near-identical one, or claims your profile links.'}
      </p>
      <div>
        <Button variant="outline" disabled={busy} onClick={() => onWatch(!work.watching)}>
          {work.watching ? 'Stop e-mail alerts' : 'E-mail me about copies'}
        </Button>
      </div>
      {work.alerts.length === 0 ? (
        <p className="text-sm text-muted-foreground">No copies found so far.</p>
      ) : (
        <ul className="grid gap-1 text-sm" aria-label={`Possible copies of ${work.title}`}>
          {work.alerts.map((alert) => (
            <li key={alert.registry_id}>
              <a href={alert.proof_url} className="font-medium underline underline-offset-2">
                “{alert.title}” by {alert.artist_name} ({alert.registry_id})
              </a>
              : {REASONS[alert.reason]}, registered {formatUtcDay(alert.created_at)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
