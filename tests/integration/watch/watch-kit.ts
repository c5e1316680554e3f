// One watch-alert run, as the server's scheduler makes every WATCH.scanSeconds: scan the new
// registrations, then mail the alerts, and wait until the mail is handed over.
import { createMailer } from '../../../server/mail/mailer';
import { mailPendingAlerts, scanForAlerts } from '../../../server/watch/alert-scanner';
import type { TestApp } from '../../helpers/test-app';

export async function runAlerts(t: TestApp): Promise<void> {
  const mailer = createMailer(t.deps.config);
  await scanForAlerts(t.deps);
  await mailPendingAlerts(t.deps, mailer, t.app.log);
  await mailer.idle();
  mailer.close();
}
