// What a webhook says about a work (decision 0069): the Standard Webhooks envelope
// `{ type, timestamp, data }`, whose data is built field by field from the public_submissions
// view, so no e-mail, private prompt, address or storage key can reach it (decision 0017). A work
// that is not public (private, withdrawn, removed, purged) is named by its ids alone.
import type { Kysely, Transaction } from 'kysely';
import { trustStatus } from '../../core/status';
import type { WebhookEvent } from '../../core/webhooks';
import type { DB } from '../db/types';
import { readPublicWork } from './webhooks-repository';

export interface WorkIds {
  id: string;
  registry_id: string;
}

export interface PublicWorkData extends WorkIds {
  title: string;
  artist_name: string;
  trust_meter: number;
  status: string;
  allow_ai_training: boolean;
  proof_url: string;
  api_url: string;
  created_at: string;
  updated_at: string;
}

export interface WebhookPayload {
  type: WebhookEvent;
  timestamp: string;
  data: PublicWorkData | WorkIds;
}

/** Events about a work that has left the public registry: they never carry its details. */
const IDS_ONLY: ReadonlySet<WebhookEvent> = new Set(['work.withdrawn', 'work.removed']);

async function publicData(db: Kysely<DB> | Transaction<DB>, id: string, siteUrl: string): Promise<PublicWorkData | null> {
  const row = await readPublicWork(db, id);
  if (!row) return null;
  return {
    id: row.id,
    registry_id: row.registry_id,
    title: row.title,
    artist_name: row.artist_name,
    trust_meter: Number(row.trust_meter),
    status: trustStatus(row.trust_meter).label,
    allow_ai_training: row.allow_ai_training === true,
    proof_url: `${siteUrl}/verify/${row.id}`,
    api_url: `${siteUrl}/api/submissions/${row.id}`,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** The payload of `type` about `work` as it stands in `db` (the changing transaction). */
export async function workPayload(
  db: Kysely<DB> | Transaction<DB>,
  type: WebhookEvent,
  work: WorkIds,
  at: Date,
  siteUrl: string,
): Promise<WebhookPayload> {
  const ids = { id: work.id, registry_id: work.registry_id };
  const data = IDS_ONLY.has(type) ? null : await publicData(db, work.id, siteUrl);
  return { type, timestamp: at.toISOString(), data: data ?? ids };
}

/** The same event named by the work's ids alone: what a queued payload becomes once the work is gone. */
export function idsOnly(payload: string): string {
  const parsed = JSON.parse(payload) as WebhookPayload;
  return JSON.stringify({ ...parsed, data: { id: parsed.data.id, registry_id: parsed.data.registry_id } });
}
