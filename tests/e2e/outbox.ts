// E-mail as the browser tests read it: the server under test has no SMTP server and writes each
// message to the development outbox (DATA_DIR/outbox), as a developer would find it.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from './fixtures';

/** The outbox's messages, oldest first, with quoted-printable soft breaks and escapes undone. */
function outboxMessages(): string[] {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    .map((raw) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))));
}

/** The link to `pagePath` (with its token) in the newest message to `address` that has one; waits for it. */
export async function linkFromOutbox(address: string, pagePath: string): Promise<string> {
  const linkPattern = new RegExp(`https?://\\S+${pagePath.replace(/\//g, '\\/')}\\?token=[A-Za-z0-9_-]+`);
  let link: string | undefined;
  await expect
    .poll(() => {
      const messages = outboxMessages().filter((text) => text.includes(`To: ${address}`) && linkPattern.test(text));
      link = messages.at(-1)?.match(linkPattern)?.[0];
      return link;
    })
    .toBeTruthy();
  return link!;
}

/**
 * Runs `send` (which makes the server mail `address` a link to `pagePath`) and waits for the new
 * link: one the outbox did not hold before, so an earlier message to the same address is never
 * taken for it (the server mails after answering).
 */
export async function newLinkFromOutbox(address: string, pagePath: string, send: () => Promise<void>): Promise<string> {
  const linkPattern = new RegExp(`https?://\\S+${pagePath.replace(/\//g, '\\/')}\\?token=[A-Za-z0-9_-]+`, 'g');
  const linksTo = () =>
    outboxMessages()
      .filter((text) => text.includes(`To: ${address}`))
      .flatMap((text) => text.match(linkPattern) ?? []);
  const earlier = new Set(linksTo());
  await send();
  let link: string | undefined;
  await expect
    .poll(() => {
      link = linksTo().find((l) => !earlier.has(l));
      return link;
    })
    .toBeTruthy();
  return link!;
}
