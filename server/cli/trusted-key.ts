// Which log key `npm run verify` trusts. Never the one inside the bundle: anyone can re-sign a
// forged bundle with a fresh key and put that key next to it. The key comes from the user:
//
//   --key <vkey>        the key itself
//   --key-file <file>   a file holding it
//   --site <URL>        fetched once from <site>/api/log/key and pinned (known-logs.ts); later
//                       runs trust the pinned key, and refuse if the site serves another one
import { readFile } from 'node:fs/promises';
import { parseVerifierKey } from '../../core/tlog-verify';
import { knownLogsFile, pinKey, readPinnedKey } from './known-logs';

export const LOG_KEY_PATH = '/api/log/key';
const FETCH_TIMEOUT_MS = 15_000;
/** A vkey is about 100 characters; anything much longer is not one. */
const MAX_KEY_ANSWER_CHARS = 4096;

export interface KeyOptions {
  key?: string;
  'key-file'?: string;
  site?: string;
}

export interface TrustedKey {
  vkey: string;
  /** '<name>+<key id>', for messages. */
  label: string;
}

/** The key cannot be had: `exitCode` 2 for a usage mistake, 1 for a refusal or failure. */
export class KeyProblem extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2,
  ) {
    super(message);
  }
}

export const NO_KEY_MESSAGE = [
  'No log key given, so nothing can be verified.',
  'The bundle carries a key of its own, but anyone can re-sign a forged bundle with a fresh key,',
  'so that key is never trusted. Give the log key in one of these ways:',
  `  --site <site URL>   fetch it from the registry (<site URL>${LOG_KEY_PATH}) once and pin it for later runs`,
  `  --key <vkey>        the key itself, as the registry publishes it at ${LOG_KEY_PATH}`,
  '  --key-file <file>   a file holding the key',
].join('\n');

export const keyLabel = (vkey: string) => vkey.split('+').slice(0, 2).join('+');

async function checkedKey(vkey: string, where: string, exitCode: 1 | 2): Promise<TrustedKey> {
  try {
    await parseVerifierKey(vkey);
  } catch (err) {
    throw new KeyProblem(`The log key ${where} is not a verifier key: ${(err as Error).message}.`, exitCode);
  }
  return { vkey, label: keyLabel(vkey) };
}

/** The origin of a --site address; KeyProblem (exit 2) when it is not an http(s) address. */
export function siteOrigin(site: string): string {
  let url: URL;
  try {
    url = new URL(site);
  } catch {
    throw new KeyProblem(`--site needs the registry's address, such as https://registry.example; '${site}' is not one.`, 2);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new KeyProblem(`--site needs an http or https address; '${site}' is not one.`, 2);
  }
  return url.origin;
}

async function fetchSiteKey(origin: string): Promise<string> {
  const url = `${origin}${LOG_KEY_PATH}`;
  const res = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), headers: { accept: 'text/plain' } });
  const body = await res.text();
  if (!res.ok) throw new Error(`${url} answered ${res.status} ${res.statusText}`.trim());
  const vkey = body.trim();
  try {
    if (body.length > MAX_KEY_ANSWER_CHARS) throw new Error('too long');
    await parseVerifierKey(vkey);
  } catch {
    throw new Error(`${url} answered something that is not a log key`);
  }
  return vkey;
}

const isLoopback = (origin: string) => ['localhost', '127.0.0.1', '[::1]'].includes(new URL(origin).hostname);

async function keyFromSite(site: string, say: (line: string) => void, now: Date): Promise<TrustedKey> {
  const origin = siteOrigin(site);
  const file = knownLogsFile();
  let pinned;
  try {
    pinned = await readPinnedKey(file, origin);
  } catch (err) {
    throw new KeyProblem(`Cannot read the pinned log keys in ${file}: ${(err as Error).message}. Fix or delete that file.`, 1);
  }
  let served: string | undefined;
  let unreachable = '';
  try {
    served = await fetchSiteKey(origin);
  } catch (err) {
    // fetch() says only 'fetch failed'; the reason (e.g. ECONNREFUSED) is in its cause.
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    unreachable = [(err as Error).message, cause?.code ?? cause?.message].filter(Boolean).join(': ');
  }

  if (pinned) {
    if (served === undefined) {
      say(`! Could not ask ${origin} for its log key (${unreachable}); using the key pinned for it on ${pinned.pinned_at}.`);
    } else if (served !== pinned.vkey) {
      throw new KeyProblem(
        [
          `${origin} now serves the log key ${keyLabel(served)}, but the key pinned for it on ${pinned.pinned_at} is ${keyLabel(pinned.vkey)}.`,
          'Nothing was verified. A log keeps its key, so this site may not be the registry you pinned.',
          `If the registry announced a new key through another channel, check it and pass it with --key, or remove '${origin}' from ${file} to pin the new one.`,
        ].join('\n'),
        1,
      );
    } else {
      say(`Using the log key pinned for ${origin} on ${pinned.pinned_at} (the site still serves it).`);
    }
    return checkedKey(pinned.vkey, `pinned for ${origin} in ${file}`, 1);
  }

  if (served === undefined) throw new KeyProblem(`Cannot fetch the log key of ${origin}: ${unreachable}.`, 1);
  await pinKey(file, origin, served, now);
  const rule = `! ${'='.repeat(76)}`;
  say(rule);
  say(`! PINNED ON FIRST USE: from now on, proofs of ${origin} must be signed by`);
  say(`!   ${served}`);
  say(`! Fetched from ${origin}${LOG_KEY_PATH} and saved in ${file}.`);
  if (!origin.startsWith('https:') && !isLoopback(origin)) {
    say('! It came over plain HTTP: anyone on the network path could have replaced it.');
  }
  say('! Check it once against the key the registry publishes elsewhere (its reports print it).');
  say(rule);
  return { vkey: served, label: keyLabel(served) };
}

/** What is wrong with the key options as given (none, or several), or undefined. */
export function keyOptionsMistake(options: KeyOptions): string | undefined {
  const given = (['key', 'key-file', 'site'] as const).filter((name) => options[name] !== undefined);
  if (given.length === 0) return NO_KEY_MESSAGE;
  if (given.length > 1) return `Give only one of --key, --key-file and --site (got ${given.map((n) => `--${n}`).join(', ')}).`;
  return undefined;
}

/**
 * The key to check the checkpoint with; throws KeyProblem when there is none to trust. `say`
 * prints what the user must know about where the key came from (a first-use pin).
 */
export async function trustedKey(options: KeyOptions, say: (line: string) => void, now = new Date()): Promise<TrustedKey> {
  const mistake = keyOptionsMistake(options);
  if (mistake) throw new KeyProblem(mistake, 2);

  if (options.key !== undefined) return checkedKey(options.key.trim(), 'given with --key', 2);
  if (options['key-file'] !== undefined) {
    const file = options['key-file'];
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (err) {
      throw new KeyProblem(`Cannot read the key file ${file}: ${(err as Error).message}`, 2);
    }
    return checkedKey(text.trim(), `in ${file}`, 2);
  }
  return keyFromSite(options.site!, say, now);
}
