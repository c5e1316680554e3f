// Signing in to the manage page in tests: ask for the link, read it from the development outbox,
// open it, and keep the session cookie.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { TestApp } from '../../helpers/test-app';

export const SITE = 'http://ledger.test';
export const sameSite = { origin: SITE };

/** The manage-link messages in the outbox (registration's verification e-mails land there too). */
export function manageLinkMessages(t: TestApp): string[] {
  const dir = path.join(t.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml') && fs.readFileSync(path.join(dir, f), 'utf8').includes('Subject: Manage your works'))
    .sort();
}

/** The token of the newest manage link in the outbox (its body may be quoted-printable). */
export function newestLinkToken(t: TestApp): string {
  const files = manageLinkMessages(t);
  const raw = fs
    .readFileSync(path.join(t.dataDir, 'outbox', files[files.length - 1]), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  const match = /http:\/\/ledger\.test\/manage\?token=([A-Za-z0-9_-]+)/.exec(raw);
  if (!match) throw new Error(`no manage link in:\n${raw}`);
  return match[1];
}

export async function waitForManageLinks(t: TestApp, count: number): Promise<void> {
  for (let i = 0; i < 400 && manageLinkMessages(t).length < count; i++) await new Promise((r) => setTimeout(r, 25));
  expect(manageLinkMessages(t)).toHaveLength(count);
}

export const requestLink = (t: TestApp, email: string) =>
  t.app.inject({ method: 'POST', url: '/api/manage/link', headers: sameSite, payload: { email } });
export const openLink = (t: TestApp, token: string) =>
  t.app.inject({ method: 'POST', url: '/api/manage/session', headers: sameSite, payload: { token } });

/** Asks for a link and opens it; returns the session cookie header. */
export async function signIn(t: TestApp, email: string): Promise<string> {
  const before = manageLinkMessages(t).length;
  expect((await requestLink(t, email)).statusCode).toBe(202);
  await waitForManageLinks(t, before + 1);
  const res = await openLink(t, newestLinkToken(t));
  expect(res.statusCode).toBe(200);
  const cookie = res.cookies.find((c) => c.name === 'manage_session')!;
  return `manage_session=${cookie.value}`;
}
