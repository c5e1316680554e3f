// Shapes of the app's JSON API (decision 0033), shared by the server that builds
// them and the web app that reads them. Public shapes never carry e-mails, IPs or private prompts.

export type {
  TrustDimensionKey,
  TrustBreakdownDto,
  VerificationResource,
  PublicWork,
  UploadResponse,
  SubmissionCreated,
  RemovalRequestCreated,
} from './api/submissions';

export type {
  WorkSummary,
  FilterOption,
  LedgerQuery,
  LedgerResponse,
  ArtistResponse,
  FeaturedResponse,
  WorkRegisteredEvent,
} from './api/ledger';

export type { LookupResponse, BadgeEmbed } from './api/proof';

/** The stream of server-sent events (EventSource URL). */
export const EVENTS_PATH = '/api/events';
/** SSE event name sent on EVENTS_PATH when a public work is registered: addEventListener(WORK_REGISTERED_EVENT, …). */
export const WORK_REGISTERED_EVENT = 'work-registered';

export type { ApiErrorBody } from './error-codes';
export type { BatchSubmissionBody, BatchItemResult, BatchSubmissionResult } from './api/batch';
