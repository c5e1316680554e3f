// Transparency-log leaves. One leaf per registry event, holding only ids and hashes (no
// personal data), so a purge can erase a person's data while the log stays intact.
//
// Leaf entry  = canonical JSON (RFC 8785 subset, see canonical-json.ts) of
//               { event, image_sha256, registry_id, submission_id, time }
// Leaf hash   = SHA-256(0x00 || UTF-8 bytes of the entry)   (RFC 9162 §2.1.1)
//
// Example entry (keys sorted, no whitespace):
// {"event":"created","image_sha256":"<64 hex>","registry_id":"VW-2026-000001","submission_id":"<uuid>","time":"2026-01-02T03:04:05.000Z"}
//
// An 'updated' entry (the artist changed the work, issue 18) adds record_sha256: the SHA-256 of
// the canonical JSON of the work's changeable public fields after the change
// (server/manage/work-changes.ts changedRecordHash), so a copy of them can be checked.

import { canonicalJson } from './canonical-json';
import { hashLeaf } from './merkle';
import { toHex } from './hex';

export const LEAF_EVENT_TYPES = ['created', 'soft_deleted', 'restored', 'purged', 'updated'] as const;
export type LeafEventType = (typeof LEAF_EVENT_TYPES)[number];

export interface LeafEvent {
  /** Public registry id, e.g. 'VW-2026-000001'. */
  registry_id: string;
  /** Submission UUID (any case; stored lowercase). */
  submission_id: string;
  /** SHA-256 of the original image, hex (any case; stored lowercase). */
  image_sha256: string;
  event: LeafEventType;
  /** When the event happened; a Date or an ISO 8601 string in UTC ("Z"). */
  time: Date | string;
  /** 'updated' only: SHA-256 (hex) of the canonical JSON of the changed public fields. */
  record_sha256?: string;
}

const REGISTRY_ID_RE = /^VW-\d{4}-\d{6,}$/;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SHA256_HEX_RE = /^[0-9a-f]{64}$/;
const ISO_UTC_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?Z$/;

/**
 * One instant must give one leaf, so time is always written as Date#toISOString gives it:
 * millisecond precision, UTC, e.g. 2026-01-02T03:04:05.000Z.
 */
function canonicalTime(time: Date | string): string {
  if (typeof time === 'string' && !ISO_UTC_RE.test(time)) {
    throw new TypeError(`Leaf time must be ISO 8601 in UTC (ending in Z), got '${time}'`);
  }
  const date = typeof time === 'string' ? new Date(time) : time;
  if (Number.isNaN(date.getTime())) throw new TypeError('Leaf time is not a valid date');
  return date.toISOString();
}

/** The canonical JSON entry for an event; throws TypeError on a malformed field. */
export function canonicalLeafJson(event: LeafEvent): string {
  const submissionId = event.submission_id.toLowerCase();
  const imageHash = event.image_sha256.toLowerCase();
  if (!REGISTRY_ID_RE.test(event.registry_id)) throw new TypeError(`Invalid registry id '${event.registry_id}'`);
  if (!UUID_RE.test(submissionId)) throw new TypeError(`Invalid submission id '${event.submission_id}'`);
  if (!SHA256_HEX_RE.test(imageHash)) throw new TypeError('image_sha256 must be 64 hex characters');
  if (!(LEAF_EVENT_TYPES as readonly string[]).includes(event.event)) {
    throw new TypeError(`Unknown leaf event '${event.event}'`);
  }
  const recordHash = event.record_sha256?.toLowerCase();
  if ((event.event === 'updated') !== (recordHash !== undefined))
    throw new TypeError("record_sha256 is given with 'updated' events only");
  if (recordHash !== undefined && !SHA256_HEX_RE.test(recordHash)) throw new TypeError('record_sha256 must be 64 hex characters');
  // Built field by field so no extra property of the caller's object can reach the log.
  return canonicalJson({
    registry_id: event.registry_id,
    submission_id: submissionId,
    image_sha256: imageHash,
    event: event.event,
    time: canonicalTime(event.time),
    ...(recordHash !== undefined ? { record_sha256: recordHash } : {}),
  });
}

/** RFC 9162 leaf hash of a canonical JSON entry: SHA-256(0x00 || UTF-8 bytes). */
export function leafHash(canonicalJsonText: string): Uint8Array {
  return hashLeaf(new TextEncoder().encode(canonicalJsonText));
}

/** Both forms storage needs for a new leaf. */
export function buildLeaf(event: LeafEvent): { canonicalJson: string; leafHash: Uint8Array; leafHashHex: string } {
  const json = canonicalLeafJson(event);
  const hash = leafHash(json);
  return { canonicalJson: json, leafHash: hash, leafHashHex: toHex(hash) };
}
