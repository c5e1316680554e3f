// What a fetch of a user-given URL gives: a page, or one of a closed list of failures whose
// texts are in core/link-proof-texts.ts. Details beside the kind are for logs and tests; what a
// person reads is the kind's text.
import type { FetchFailure } from '../../core/link-proof-texts';

export interface FetchedPage {
  kind: 'ok';
  /** The address the page was read from, after redirects. */
  url: string;
  status: number;
  contentType: string;
  body: string;
}

export type FetchFailed =
  | { kind: 'unsupported_url'; url: string }
  | { kind: 'blocked_address'; url: string; host: string; address: string; range: string }
  | { kind: 'unreachable'; url: string; code: string }
  | { kind: 'too_many_redirects'; url: string }
  | { kind: 'too_large'; url: string; bytesRead: number }
  | { kind: 'too_slow'; url: string }
  | { kind: 'http_error'; url: string; status: number }
  | { kind: 'not_html'; url: string; contentType: string };

export type FetchOutcome = FetchedPage | FetchFailed;

// The compiler fails here if the union and the closed list of core/link-proof-texts.ts drift.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const FAILURE_KINDS_MATCH: Same<FetchFailure, FetchFailed['kind']> = true;
