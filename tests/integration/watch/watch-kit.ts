// One watch-alert run, as the queue's scheduled job makes every minute: scan the new
// registrations, queue the alerts' e-mails, and wait until the mail jobs have sent them.
import { backgroundOf } from '../../../server/app';
import { mailPendingAlerts, scanForAlerts } from '../../../server/watch/alert-scanner';
import { jobsSettled } from '../../helpers/jobs';
import type { TestApp } from '../../helpers/test-app';

export async function runAlerts(t: TestApp): Promise<void> {
  await scanForAlerts(t.deps);
  await mailPendingAlerts(t.deps, backgroundOf(t.app).mail, t.app.log);
  await jobsSettled(t, 'mail');
}
