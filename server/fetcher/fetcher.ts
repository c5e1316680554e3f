// The one way the server fetches a URL someone else gave it (decision 0060): http(s) only, public
// addresses only (checked after resolution and again at connection time), redirects followed by
// hand and each target checked, a byte budget, a deadline for the whole fetch, and slots per host
// and per process.
import { Agent, request, type Dispatcher } from 'undici';
import { LINK_FETCH_LIMITS } from '../../core/link-proof-limits';
import { SITE_NAME } from '../../core/site';
import { type HostKey } from './allow-hosts';
import { findBlockedAddressError } from './blocked-address-error';
import { KeyedSlots, Slots } from './concurrency';
import { createGuardedConnector } from './guarded-connector';
import type { FetchFailed, FetchOutcome } from './outcome';
import { decodeBody, discard, readLimited } from './read-limited';
import { systemResolve, type Resolve } from './resolve';
import { checkTarget } from './target-check';

export interface FetcherOptions {
  /** The registry's public address, named in the User-Agent so a site owner knows who called. */
  siteUrl: string;
  /** Test-only (FETCH_ALLOW_HOSTS): host:port pairs exempt from the public-address rule. */
  allowHosts?: readonly HostKey[];
  resolve?: Resolve;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  perHostConcurrency?: number;
  globalConcurrency?: number;
  /** Names the caller's purpose; the link checker's by default. */
  userAgent?: string;
}

/** The answer to a POST: only its status matters (the body is dropped unread). */
export type PostOutcome = { kind: 'ok'; url: string; status: number } | FetchFailed;

export type AddressCheck = { ok: true; url: string } | { ok: false; failure: FetchFailed };

/** What a fetch takes: a web page (link proofs), or a plain text file (a domain's proof file, decision 0062). */
export type PageKind = 'html' | 'text';

export interface Fetcher {
  fetchPage(url: string, kind?: PageKind): Promise<FetchOutcome>;
  /**
   * POSTs `body` once, under the same address checks and deadline as fetchPage. Redirects are not
   * followed: a 3xx is an `http_error` (a receiver that moved must be registered again, so a
   * signed body never lands where an admin did not point it).
   */
  post(url: string, body: string, headers: Record<string, string>): Promise<PostOutcome>;
  /** The checks made before any connection (scheme, credentials, public addresses), alone. */
  checkAddress(url: string): Promise<AddressCheck>;
  close(): Promise<void>;
}

const MEDIA_TYPES: Record<PageKind, readonly string[]> = { html: ['text/html', 'application/xhtml+xml'], text: ['text/plain'] };
const ACCEPT: Record<PageKind, string> = { html: 'text/html, application/xhtml+xml;q=0.9', text: 'text/plain' };
const UNDICI_TIMEOUTS = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);

export function userAgent(siteUrl: string): string {
  return `${SITE_NAME}-LinkCheck/1.0 (+${siteUrl.replace(/\/+$/, '')})`;
}

/** Waits for a slot, but not past the deadline; a slot that arrives late is given back at once. */
function acquireBefore(acquiring: Promise<() => void>, signal: AbortSignal): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      void acquiring.then((release) => release());
      reject(signal.reason);
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    void acquiring.then((release) => {
      signal.removeEventListener('abort', onAbort);
      if (signal.aborted) release();
      else resolve(release);
    });
  });
}

function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      if (signal.aborted) reject(signal.reason);
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    }),
  ]);
}

export function createFetcher(options: FetcherOptions): Fetcher {
  const resolve = options.resolve ?? systemResolve;
  const allowHosts = new Set(options.allowHosts ?? []);
  const timeoutMs = options.timeoutMs ?? LINK_FETCH_LIMITS.timeoutMs;
  const maxBytes = options.maxBytes ?? LINK_FETCH_LIMITS.maxBytes;
  const maxRedirects = options.maxRedirects ?? LINK_FETCH_LIMITS.maxRedirects;
  const perHostConcurrency = options.perHostConcurrency ?? LINK_FETCH_LIMITS.perHostConcurrency;
  const global = new Slots(options.globalConcurrency ?? LINK_FETCH_LIMITS.globalConcurrency);
  const perHost = new KeyedSlots(perHostConcurrency);
  const agent = new Agent({
    connect: createGuardedConnector({ resolve, allowHosts, connectTimeoutMs: timeoutMs + 1_000 }),
    connections: perHostConcurrency,
    // The deadline below decides; undici's own timers are a backstop that fires a little later.
    headersTimeout: timeoutMs + 1_000,
    bodyTimeout: timeoutMs + 1_000,
    // One request per connection: a kept connection would outlive the check of its address.
    pipelining: 0,
  });
  const headers = {
    'user-agent': options.userAgent ?? userAgent(options.siteUrl),
    // The byte budget counts what we read; a compressed body could hide a page far larger.
    'accept-encoding': 'identity',
  };

  async function hop(url: URL, kind: PageKind, signal: AbortSignal): Promise<Dispatcher.ResponseData> {
    const release = await acquireBefore(perHost.acquire(url.hostname.toLowerCase()), signal);
    try {
      return await request(url, { dispatcher: agent, method: 'GET', headers: { ...headers, accept: ACCEPT[kind] }, signal });
    } finally {
      release();
    }
  }

  /** `at.url` is the address being fetched, so a failure names the hop that failed. */
  async function follow(at: { url: string }, kind: PageKind, signal: AbortSignal): Promise<FetchOutcome> {
    for (let redirects = 0; ; redirects++) {
      const checked = await abortable(checkTarget(at.url, resolve, allowHosts), signal);
      if (!checked.ok) return checked.failure;
      const url = checked.url;
      const response = await hop(url, kind, signal);
      const location = response.headers.location;
      if (response.statusCode >= 300 && response.statusCode < 400 && typeof location === 'string') {
        discard(response.body);
        if (redirects === maxRedirects) return { kind: 'too_many_redirects', url: url.href };
        at.url = new URL(location, url).href;
        continue;
      }
      if (response.statusCode < 200 || response.statusCode >= 300) {
        discard(response.body);
        return { kind: 'http_error', url: url.href, status: response.statusCode };
      }
      const contentType = String(response.headers['content-type'] ?? '');
      const encoding = String(response.headers['content-encoding'] ?? 'identity').toLowerCase();
      const mediaType = contentType.split(';')[0].trim().toLowerCase();
      if (!MEDIA_TYPES[kind].includes(mediaType) || encoding !== 'identity') {
        discard(response.body);
        return { kind: 'not_html', url: url.href, contentType };
      }
      const read = await readLimited(response.body, maxBytes);
      if (!read.ok) return { kind: 'too_large', url: url.href, bytesRead: read.bytesRead };
      return { kind: 'ok', url: url.href, status: response.statusCode, contentType, body: decodeBody(read.bytes, contentType) };
    }
  }

  async function postOnce(
    at: { url: string },
    body: string,
    extra: Record<string, string>,
    signal: AbortSignal,
  ): Promise<PostOutcome> {
    const checked = await abortable(checkTarget(at.url, resolve, allowHosts), signal);
    if (!checked.ok) return checked.failure;
    const url = checked.url;
    const release = await acquireBefore(perHost.acquire(url.hostname.toLowerCase()), signal);
    let response: Dispatcher.ResponseData;
    try {
      response = await request(url, {
        dispatcher: agent,
        method: 'POST',
        headers: { 'user-agent': headers['user-agent'], 'accept-encoding': 'identity', ...extra },
        body,
        signal,
      });
    } finally {
      release();
    }
    discard(response.body);
    if (response.statusCode < 200 || response.statusCode >= 300)
      return { kind: 'http_error', url: url.href, status: response.statusCode };
    return { kind: 'ok', url: url.href, status: response.statusCode };
  }

  /** Runs one fetch under the process's slots and the deadline, and names how it failed. */
  async function guarded<T>(url: string, work: (at: { url: string }, signal: AbortSignal) => Promise<T>): Promise<T | FetchFailed> {
    const release = await global.acquire();
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new Error('link fetch deadline')), timeoutMs);
    const at = { url };
    try {
      return await work(at, deadline.signal);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? 'UNKNOWN';
      if (deadline.signal.aborted || UNDICI_TIMEOUTS.has(code)) return { kind: 'too_slow', url: at.url };
      const blocked = findBlockedAddressError(err);
      if (blocked) {
        return { kind: 'blocked_address', url: at.url, host: blocked.host, address: blocked.address, range: blocked.range };
      }
      return { kind: 'unreachable', url: at.url, code };
    } finally {
      clearTimeout(timer);
      release();
    }
  }

  return {
    fetchPage: (url, kind = 'html') => guarded(url, (at, signal) => follow(at, kind, signal)),
    post: (url, body, extra) => guarded(url, (at, signal) => postOnce(at, body, extra, signal)),
    async checkAddress(url) {
      const checked = await checkTarget(url, resolve, allowHosts);
      return checked.ok ? { ok: true, url: checked.url.href } : checked;
    },
    close: () => agent.close(),
  };
}
