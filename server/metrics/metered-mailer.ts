// E-mails sent and failed, counted around the mailer every mail job sends through: the count is
// of attempts in this process (a refused message retried three times counts three failures).
import type { Mailer } from '../mail/mailer';
import type { Metrics } from './instruments';

export function meteredMailer(mailer: Mailer, metrics: Metrics): Mailer {
  return {
    kind: mailer.kind,
    async send(message) {
      try {
        const sent = await mailer.send(message);
        metrics.mail.sent.inc();
        return sent;
      } catch (err) {
        metrics.mail.failed.inc();
        throw err;
      }
    },
    idle: () => mailer.idle(),
    close: () => mailer.close(),
  };
}
