// A real SMTP server on loopback that keeps every message it receives, for tests of e-mail
// that must cross a real SMTP conversation (nodemailer → smtp-server).
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpCatcher {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Messages taken while stalled and never answered, so far. */
  readonly stalledCount: number;
  /** Answers every MAIL FROM with a temporary failure (451), as a server that is down for a while. */
  refuse(): void;
  /** Takes messages but never answers their end: the client waits until its own time-out. */
  stall(): void;
  /** Back to normal: messages are accepted (a stalled message stays unanswered). */
  accept(): void;
  close(): Promise<void>;
}

/** The reply a refusing catcher gives, as the sender's error shows it. */
export const REFUSAL_TEXT = 'Try again later: the test server refuses mail';

export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const received: ReceivedMail[] = [];
  let mode: 'accept' | 'refuse' | 'stall' = 'accept';
  let stalledCount = 0;
  const server = new SMTPServer({
    authOptional: true,
    onMailFrom(_address, _session, callback) {
      if (mode !== 'refuse') return callback();
      callback(Object.assign(new Error(REFUSAL_TEXT), { responseCode: 451 }));
    },
    // Plain SMTP on loopback: no certificate to trust in a test.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const stalled = mode === 'stall';
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        // A stalled message is neither kept nor answered.
        if (stalled) {
          stalledCount += 1;
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  // A sender killed mid-conversation (the kill -9 tests) resets its connection: the catcher only
  // loses that unfinished message, as a real SMTP server would, and keeps serving.
  server.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'ECONNRESET' && err.code !== 'EPIPE') throw err;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    get stalledCount() {
      return stalledCount;
    },
    refuse: () => (mode = 'refuse'),
    stall: () => (mode = 'stall'),
    accept: () => (mode = 'accept'),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
