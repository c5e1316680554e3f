// Shared steps of the crop-tolerant fingerprint tests: the views stored for a work, and the
// registry IDs the C2PA soft-binding API's byContent names for an image.
import { sql } from 'kysely';
import type { TestApp } from '../../helpers/test-app';

/** The work's rows in image_region_hashes as 'kind:hash' (16 hex digits), sorted. */
export async function storedViews(t: TestApp, id: string): Promise<string[]> {
  const rows = await sql<{ item: string }>`
    SELECT kind::text || ':' || lpad(to_hex(hash), 16, '0') AS item FROM image_region_hashes WHERE submission_id = ${id}
    ORDER BY 1`.execute(t.deps.db);
  return rows.rows.map((r) => r.item);
}

/** POST /api/c2pa/v1/matches/byContent with the image as the body: the matched registry IDs. */
export async function byContentMatches(t: TestApp, image: Buffer, maxResults = 10): Promise<string[]> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/c2pa/v1/matches/byContent?maxResults=${maxResults}`,
    headers: { 'content-type': 'image/png' },
    payload: image,
  });
  if (res.statusCode !== 200) throw new Error(`byContent answered ${res.statusCode}: ${res.body}`);
  return res.json<{ matches: { manifestId: string }[] }>().matches.map((m) => m.manifestId);
}
