// Whether sending e-mail is part of a registration (issue 36: "enqueuing is part of the
// registration's transaction, sending is not"). Every registration queues its verification e-mail;
// registrations are measured with a local SMTP server that takes each message and with one that
// never answers (each send waits for its time-out), in alternating rounds (registration-rounds.ts).
// If sending were in the request, the second would crawl; queued, the two run alike. Each round's
// server runs on until its e-mail is sent (registration-rounds.ts), so the next round measures
// registrations alone.
import type { ServerStarter } from './bench-server';
import { compareRegistrationModes } from './registration-rounds';
import type { ImagePool } from './scale/registrations';
import { startSmtpCatcher } from '../tests/helpers/smtp-catcher';

export async function measureMailCost(
  startServer: ServerStarter,
  pool: ImagePool,
  options: { seconds: number; clients: number; rounds: number },
): Promise<void> {
  const smtp = await startSmtpCatcher();
  console.log(
    `\nRegistrations with their verification e-mail: SMTP server answering and stalled (${options.clients} clients, ${options.seconds} s a round; goal 0.95 or more)`,
  );
  let counted = 0;
  /** Messages received for the round, counted once the round's server has sent its queued e-mail. */
  const received = (afterStall: boolean) => () => {
    const note = `${smtp.received.length - counted} e-mails received${afterStall ? ', the SMTP server answering again after the round' : ''}`;
    counted = smtp.received.length;
    return note;
  };
  const env = { SMTP_URL: smtp.url, LINK_CHECKS: '0' };
  try {
    await compareRegistrationModes(
      startServer,
      pool,
      {
        a: { label: 'SMTP answering', env, beforeRound: () => smtp.accept(), afterRound: received(false) },
        b: {
          label: 'SMTP stalled',
          env,
          beforeRound: () => smtp.stall(),
          afterRegistrations: () => smtp.accept(),
          afterRound: received(true),
        },
      },
      options,
    );
  } finally {
    await smtp.close();
  }
}
