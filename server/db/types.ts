// Kysely table types for the schema in migrations/*.sql. Keep the two in step.
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T = unknown> = ColumnType<T, string | undefined, string>;
type TextArray = ColumnType<string[], string[] | undefined, string[]>;

export interface UploadsTable {
  id: Generated<string>;
  sha256: string;
  phash: string;
  mime: string;
  extension: string;
  width: number;
  height: number;
  size_bytes: number;
  original_key: string;
  derivative_key: string;
  derivative_width: number;
  derivative_height: number;
  metadata: Json;
  /** The crop-tolerant fingerprint as text (migration 017), copied to the work at registration. */
  region_hashes: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  consumed_at: NullableTimestamp;
  /** Null until both files are written; a row left null by a crash is swept with its files. */
  files_stored_at: NullableTimestamp;
  /**
   * Migration 015: the file's raw C2PA manifest store, when it carried one; moved to
   * c2pa_manifest_stores at registration. PGlite reads bytea as Uint8Array, pg as Buffer.
   */
  c2pa_manifest_store: ColumnType<Uint8Array | null, Uint8Array | null | undefined, Uint8Array | null>;
}

export interface SubmissionsTable {
  id: Generated<string>;
  registry_seq: ColumnType<string, number | string | bigint, never>;
  registry_id: string;
  title: string;
  artist_name: string;
  author_full_name: string;
  author_email: string;
  author_city: string | null;
  author_state: string | null;
  author_country: string | null;
  portfolio_link: string | null;
  external_link: string | null;
  tool: string;
  tool_other: string | null;
  platform: Generated<string>;
  verification_method: Generated<string>;
  artwork_license: Generated<string>;
  usage_type: TextArray;
  tags: TextArray;
  prompt: Generated<string>;
  prompt_visibility: Generated<'public' | 'private'>;
  story_context: string | null;
  co_authors: TextArray;
  image_url: string | null;
  image_key: string | null;
  original_key: string | null;
  image_hash: string | null;
  image_phash: string | null;
  /** The crop-tolerant fingerprint as text; a trigger keeps image_region_hashes in step (migration 017). */
  image_region_hashes: ColumnType<string, string | undefined, string>;
  image_dimensions: string | null;
  image_file_type: string | null;
  image_file_size: number | null;
  display_width: number | null;
  display_height: number | null;
  embedded_metadata: Json;
  verification_resources: Json;
  allow_ai_training: Generated<boolean>;
  restrict_usage: Generated<boolean>;
  remix_allowed: Generated<boolean>;
  no_commercial: Generated<boolean>;
  sensitive_content: Generated<boolean>;
  must_give_credit: Generated<boolean>;
  trust_meter: number;
  trust_breakdown: Json;
  trust_rubric_version: Generated<string>;
  prompt_specificity: Json;
  duplicate_of: string | null;
  email_verified_at: NullableTimestamp;
  email_verify_token_hash: string | null;
  email_verify_sent_at: NullableTimestamp;
  is_public: Generated<boolean>;
  log_index: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
  deleted_by: string | null;
  deletion_reason: string | null;
  purged_at: NullableTimestamp;
  search_text: ColumnType<string, never, never>;
}

/** The public view: no e-mail, no tokens, no original key; prompt is null when private. */
export interface PublicSubmissionsView {
  id: string;
  registry_seq: string;
  registry_id: string;
  title: string;
  artist_name: string;
  author_full_name: string;
  author_city: string | null;
  author_state: string | null;
  author_country: string | null;
  portfolio_link: string | null;
  external_link: string | null;
  tool: string;
  tool_other: string | null;
  platform: string;
  verification_method: string;
  artwork_license: string;
  usage_type: string[];
  tags: string[];
  prompt: string | null;
  prompt_visibility: 'public' | 'private';
  story_context: string | null;
  co_authors: string[];
  image_url: string | null;
  image_key: string | null;
  image_hash: string | null;
  image_phash: string | null;
  image_dimensions: string | null;
  image_file_type: string | null;
  image_file_size: number | null;
  display_width: number | null;
  display_height: number | null;
  embedded_metadata: unknown;
  verification_resources: unknown;
  allow_ai_training: boolean;
  restrict_usage: boolean;
  remix_allowed: boolean;
  no_commercial: boolean;
  sensitive_content: boolean;
  must_give_credit: boolean;
  trust_meter: number;
  trust_breakdown: unknown;
  trust_rubric_version: string;
  prompt_specificity: unknown;
  duplicate_of: string | null;
  email_verified: boolean;
  is_public: boolean;
  log_index: string | null;
  created_at: Date;
  updated_at: Date;
  search_text: string;
}

export interface RemovalRequestsTable {
  id: Generated<string>;
  submission_url: string;
  submission_id: string | null;
  requestor_email: string;
  requestor_name: string;
  reason: string;
  additional_info: string | null;
  request_ip: string | null;
  status: Generated<'pending' | 'processing' | 'approved' | 'denied'>;
  admin_notes: string | null;
  processed_by: string | null;
  processed_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface AdminUsersTable {
  id: Generated<string>;
  email: string;
  password_hash: string;
  /** Unused since migration 007: sign-ins are throttled per address in login_throttle. */
  failed_attempts: Generated<number>;
  /** Unused since migration 007: sign-ins are throttled per address in login_throttle. */
  locked_until: NullableTimestamp;
  last_login_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface AdminSessionsTable {
  token_hash: string;
  admin_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  ip_address: string | null;
  user_agent: string | null;
  /** Migration 031 (decision 0068): null for a half session (password only). */
  second_factor: ColumnType<SecondFactorUsed | null, SecondFactorUsed | null | undefined, SecondFactorUsed | null>;
  challenge: ColumnType<string | null, string | null | undefined, string | null>;
  pending_totp_secret: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Admin second factor (migration 031, decision 0068). */
export type SecondFactorUsed = 'passkey' | 'totp' | 'recovery_code';

export interface AdminFactorsTable {
  id: Generated<string>;
  admin_id: string;
  kind: 'passkey' | 'totp';
  label: string;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
  totp_secret: string | null;
  /** bigint arrives from pg as a string. */
  totp_last_step: ColumnType<string | null, number | null | undefined, number | null>;
  credential_id: string | null;
  public_key: string | null;
  sign_count: ColumnType<string | null, number | null | undefined, number | null>;
  transports: string[] | null;
}

export interface AdminRecoveryCodesTable {
  id: Generated<string>;
  admin_id: string;
  code_hash: string;
  created_at: Timestamp;
  used_at: NullableTimestamp;
}

export type AuditAction = 'CREATE' | 'UPDATE' | 'DELETE' | 'SOFT_DELETE' | 'RESTORE' | 'PURGE' | 'LOGIN' | 'LOGOUT' | 'LOGIN_FAILED';

export interface AuditLogTable {
  id: Generated<string>;
  table_name: string;
  record_id: string;
  action_type: AuditAction;
  admin_id: string | null;
  admin_email: string | null;
  reason: string | null;
  old_values: Json | null;
  new_values: Json | null;
  changed_fields: TextArray;
  ip_address: string | null;
  user_agent: string | null;
  created_at: Timestamp;
}

export interface TlogLeavesTable {
  leaf_index: ColumnType<string, number | string | bigint, never>;
  leaf_hash: string;
  canonical_json: string;
  event_type: 'created' | 'soft_deleted' | 'restored' | 'purged' | 'updated';
  submission_id: string | null;
  created_at: Timestamp;
}

export interface TlogCheckpointsTable {
  tree_size: ColumnType<string, number | string | bigint, never>;
  root_hash: string;
  note: string;
  created_at: Timestamp;
}

export interface RateLimitCountersTable {
  key: string;
  hits: number;
  reset_at: Timestamp;
}

/** Admin sign-in throttle (migration 007), per address and per (address, e-mail). */
export interface LoginThrottleTable {
  key: string;
  failures: Generated<number>;
  blocked_until: NullableTimestamp;
  expires_at: Timestamp;
}

export interface LedgerVersionTable {
  singleton: boolean;
  version: ColumnType<string, never, never>;
}

/** Written only by the trigger of migration 005; bigint arrives from pg as a string. */
export interface ImageFingerprintsTable {
  submission_id: string;
  phash: ColumnType<string, never, never>;
}

/** Each live work's profile links by artist, kept by triggers on submissions (migration 022). */
export interface ArtistWorkLinksTable {
  artist_key: ColumnType<string, never, never>;
  link_hash: ColumnType<Buffer, never, never>;
  submission_id: ColumnType<string, never, never>;
}

/** Written only by the trigger of migration 017; kind 'f', 'c' or 't' (region-hashes.ts). */
export interface ImageRegionHashesTable {
  submission_id: string;
  kind: ColumnType<string, never, never>;
  hash: ColumnType<string, never, never>;
}

/** One row: the last registry number given to a committed work (migration 006). */
export interface RegistryCounterTable {
  only_row: Generated<boolean>;
  last_seq: ColumnType<string, number | string | bigint, number | string | bigint>;
}

/** Manage-my-works links and sessions (migration 013): hashes of the tokens only. */
export interface ManageLinksTable {
  token_hash: string;
  email: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface ManageSessionsTable {
  token_hash: string;
  email: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** Public history of a work's changes by its artist (migration 013). */
export interface WorkUpdatesTable {
  id: Generated<string>;
  submission_id: string;
  changes: Json;
  score_before: number;
  score_after: number;
  leaf_index: ColumnType<string | null, number | string | bigint | null, never>;
  created_at: Timestamp;
}

export interface DB {
  uploads: UploadsTable;
  registry_counter: RegistryCounterTable;
  submissions: SubmissionsTable;
  active_submissions: SubmissionsTable;
  public_submissions: PublicSubmissionsView;
  removal_requests: RemovalRequestsTable;
  admin_users: AdminUsersTable;
  admin_sessions: AdminSessionsTable;
  admin_factors: AdminFactorsTable;
  admin_recovery_codes: AdminRecoveryCodesTable;
  audit_log: AuditLogTable;
  tlog_leaves: TlogLeavesTable;
  tlog_checkpoints: TlogCheckpointsTable;
  rate_limit_counters: RateLimitCountersTable;
  login_throttle: LoginThrottleTable;
  ledger_version: LedgerVersionTable;
  image_fingerprints: ImageFingerprintsTable;
  image_region_hashes: ImageRegionHashesTable;
  artist_work_links: ArtistWorkLinksTable;
  manage_links: ManageLinksTable;
  manage_sessions: ManageSessionsTable;
  work_updates: WorkUpdatesTable;
  work_watches: WorkWatchesTable;
  watch_alerts: WatchAlertsTable;
  c2pa_manifest_stores: C2paManifestStoresTable;
  link_proofs: LinkProofsTable;
  artist_claims: ArtistClaimsTable;
  domain_proofs: DomainProofsTable;
  rescore_runs: RescoreRunsTable;
  mail_deliveries: MailDeliveriesTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  claim_disputes: ClaimDisputesTable;
  co_author_invitations: CoAuthorInvitationsTable;
  co_author_invitation_mails: CoAuthorInvitationMailsTable;
}

/** Migration 029: each co-author invitation e-mail, for the per-address hourly cap. */
export interface CoAuthorInvitationMailsTable {
  submission_id: string;
  email: string;
  sent_at: Timestamp;
}

/** Migration 029: a credited co-author asked by e-mail to confirm (decision 0064). The address is private. */
export interface CoAuthorInvitationsTable {
  id: Generated<string>;
  submission_id: string;
  name: string;
  email: string;
  /** SHA-256 of the e-mailed token; null once the link was used. */
  token_hash: string | null;
  sent_at: Timestamp;
  expires_at: Timestamp;
  state: Generated<'pending' | 'confirmed' | 'declined'>;
  answered_at: NullableTimestamp;
}

/** Migration 032: webhook endpoints admins registered (decision 0069). */
export interface WebhookEndpointsTable {
  id: Generated<string>;
  url: string;
  description: Generated<string>;
  /** WebhookEvents of core/webhooks.ts. */
  events: string[];
  secret: string;
  previous_secret: string | null;
  previous_secret_until: NullableTimestamp;
  secret_rotated_at: Timestamp;
  enabled: Generated<boolean>;
  created_by: string;
  created_at: Timestamp;
}

/** Migration 032: one event's delivery to one endpoint, in the endpoint's order (seq). */
export interface WebhookDeliveriesTable {
  id: Generated<string>;
  seq: ColumnType<string, never, never>;
  endpoint_id: string;
  message_id: string;
  event: string;
  submission_id: string | null;
  payload: string;
  state: Generated<'pending' | 'waiting' | 'retrying' | 'delivered' | 'failed' | 'skipped'>;
  attempts: Generated<number>;
  last_status: number | null;
  last_error: string | null;
  created_at: Timestamp;
  last_attempt_at: NullableTimestamp;
  delivered_at: NullableTimestamp;
}

/** Migration 025: messages the SMTP server accepted, by idempotency key (decision 0058). */
export interface MailDeliveriesTable {
  idempotency_key: string;
  sent_at: Timestamp;
}

/** Migration 024: the last check of a link given for a work or an artist (decision 0060). */
export interface LinkProofsTable {
  id: Generated<string>;
  submission_id: string | null;
  artist_name: string | null;
  url: string;
  state: 'proven' | 'not_proven';
  method: 'rel_me' | 'text_url' | 'text_registry_id' | null;
  /** A LinkProofReason of core/link-proof-texts.ts. */
  reason: string | null;
  checked_at: Timestamp;
  /** Migration 026: since when the link has been proven without a break; null while not proven. */
  proven_at: NullableTimestamp;
}

/** Migration 026: who claimed an artist name (decision 0061); the address is never public. */
export interface ArtistClaimsTable {
  artist_key: string;
  artist_name: string;
  claimant_email: string;
  claimed_at: Timestamp;
  claimed_by: string | null;
}

/** Migration 027: a domain an identity proves it owns (decision 0062); the address is never public. */
export interface DomainProofsTable {
  id: Generated<string>;
  artist_key: string;
  owner_email: string;
  domain: string;
  token: string;
  submission_id: string | null;
  state: Generated<'pending' | 'proven' | 'not_proven'>;
  method: 'dns_txt' | 'well_known' | null;
  /** A DomainProofReason of core/api/domain-proofs.ts. */
  reason: string | null;
  created_at: Timestamp;
  checked_at: NullableTimestamp;
  proven_at: NullableTimestamp;
}

/** Migration 026: progress of re-scoring every work under a rubric version. */
export interface RescoreRunsTable {
  rubric_version: string;
  last_seq: ColumnType<string, number | string | undefined, number | string>;
  changed: ColumnType<string, number | string | undefined, number | string>;
  started_at: Timestamp;
  finished_at: NullableTimestamp;
}

/** Migration 015: the C2PA manifest store a work's original carried (application/c2pa bytes). */
export interface C2paManifestStoresTable {
  submission_id: string;
  bytes: Uint8Array;
  /** SHA-256 of `bytes`, lower-case hex: the strong ETag it is served with. */
  sha256: string;
  byte_size: number;
  created_at: Generated<Date>;
}

/** Migration 014: who watches which work (addresses are private). */
export interface WorkWatchesTable {
  id: Generated<string>;
  submission_id: string;
  email: string;
  confirm_token_hash: string | null;
  unsubscribe_token_hash: string;
  confirmed_at: NullableTimestamp;
  last_alert_id: ColumnType<string, string | number | undefined, string | number>;
  created_at: ColumnType<Date, Date | string, Date | string>;
  /** Migration 023: when the last confirmation e-mail was sent (null for a watch made confirmed). */
  confirm_sent_at: NullableTimestamp;
}

/** Migration 014: a later work that looks like a copy of a watched one. */
export interface WatchAlertsTable {
  id: Generated<string>;
  submission_id: string;
  match_id: string;
  reason: 'exact_duplicate' | 'near_duplicate' | 'profile_link';
  distance: number | null;
  created_at: ColumnType<Date, Date | string, Date | string>;
}

export type Submission = Selectable<SubmissionsTable>;
export type NewSubmission = Insertable<SubmissionsTable>;
export type SubmissionUpdate = Updateable<SubmissionsTable>;
export type PublicSubmission = PublicSubmissionsView;

/** Migration 028: disputes of a claimed artist name (decision 0063); both addresses are private. */
export interface ClaimDisputesTable {
  id: Generated<string>;
  artist_key: string;
  artist_name: string;
  claimant_email: string;
  disputer_email: string;
  proof_links: Json<string[]>;
  explanation: string;
  request_ip: string | null;
  status: ColumnType<'unconfirmed' | 'pending' | 'upheld' | 'rejected', 'unconfirmed' | 'pending' | 'upheld' | 'rejected' | undefined>;
  outcome: 'released' | 'transferred' | null;
  confirm_hash: string;
  confirmed_at: NullableTimestamp;
  admin_notes: string | null;
  processed_by: string | null;
  processed_at: NullableTimestamp;
  created_at: Timestamp;
}
