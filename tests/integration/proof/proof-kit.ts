// Shared steps of the proof tests: registering real works through the HTTP API (real images,
// hashes and log leaves), an admin to soft-delete them, and reading parts of the served HTML.
import { registerWork } from '../submissions/helpers';
import { createAdminAccount, adminPost, signIn } from '../admin/admin-test-kit';
import type { TestApp } from '../../helpers/test-app';

export { registerWork };
export { fileForm, freshPng, upload } from '../submissions/helpers';

/** Soft-deletes a work the way the admin dashboard does. */
export async function softDelete(t: TestApp, id: string): Promise<void> {
  await createAdminAccount(t).catch(() => undefined);
  const cookie = await signIn(t);
  const res = await adminPost(t, `/api/admin/submissions/${id}/remove`, { reason: 'Removal request approved' }, cookie);
  if (res.statusCode !== 200) throw new Error(`remove failed: ${res.statusCode} ${res.body}`);
}

/** Text of every <script type="application/ld+json"> element. */
export function jsonLdBlocks(html: string): string[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]);
}

/** content of <meta property|name="key" content="…"> (HTML entities decoded). */
export function metaContent(html: string, key: string): string | null {
  const m = new RegExp(`<meta (?:property|name)="${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" content="([^"]*)">`).exec(html);
  return m ? decodeEntities(m[1]) : null;
}

export function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
