// Text answers kept in memory and sent to many visitors (the ledger's pages, the public API's
// pages) are compressed once per answer, on zlib's thread pool, and the compressed bytes are sent
// to every request that accepts them. Left to the compression plugin (compression.ts), the same
// bytes were compressed again for each request, synchronously on the event loop: about a
// millisecond for a ledger page, more than the rest of a kept answer's cost. The plugin leaves a
// response alone once it carries a Content-Encoding. Encodings and the 1 KB threshold are the
// plugin's; the ETag stays that of the uncompressed text, as there. The text is kept as its UTF-8
// bytes: hashing, compressing or sending a JavaScript string encodes it again each time. For a
// 1,000-work XML export (1.5 MB), brotli took 22-29 ms from the string and 5-13 ms from its
// bytes (median of 10 pages, one run each).
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type TextEncoding = 'br' | 'gzip';

/** Smaller bodies are sent as they are (the plugin's threshold). */
const MIN_COMPRESSED_BYTES = 1024;
/** An encoding asked for this recently is made ahead for answers rebuilt ahead (refresh-ahead.ts). */
const ASKED_LATELY_MS = 10_000;

const compress: Record<TextEncoding, (utf8: Buffer) => Promise<Buffer>> = {
  // The plugin's brotli quality: several times faster than the default 11, nearly as small.
  br: (utf8) => promisify(zlib.brotliCompress)(utf8, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (utf8) => promisify(zlib.gzip)(utf8),
};

// Accept-Encoding headers come in a handful of spellings (one per browser family); the cache is
// bounded all the same, by starting afresh.
const negotiated = new Map<string, TextEncoding | null>();
const negotiator = new Negotiator<TextEncoding>({
  supportedValues: ['br', 'gzip'],
  cache: {
    get: (key) => negotiated.get(key) ?? undefined,
    has: (key) => negotiated.has(key),
    set(key, value) {
      if (negotiated.size >= 100) negotiated.clear();
      negotiated.set(key, value as TextEncoding);
      return this;
    },
  },
});

const askedAtMs: Record<TextEncoding, number> = { br: -Infinity, gzip: -Infinity };

/** The encoding to send `request` (none: the text as it is). */
export function acceptedEncoding(request: FastifyRequest): TextEncoding | undefined {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string' || request.headers['x-no-compression'] !== undefined) return undefined;
  return negotiator.negotiate(header) ?? undefined;
}

export class CompressedForms {
  /** The text as UTF-8, as sent to a request that takes no encoding. */
  readonly utf8: Buffer;
  private readonly forms = new Map<TextEncoding, Promise<Buffer>>();

  /** `onForm` hears the size of each compressed form once made (a cache counts what it holds). */
  constructor(
    text: string | Buffer,
    private readonly onForm?: (bytes: number) => void,
  ) {
    this.utf8 = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  }

  get bytes(): number {
    return this.utf8.length;
  }

  get compressible(): boolean {
    return this.bytes >= MIN_COMPRESSED_BYTES;
  }

  /** The text in `encoding`: made on first use and kept with the answer. */
  in(encoding: TextEncoding): Promise<Buffer> {
    let form = this.forms.get(encoding);
    if (!form) {
      form = compress[encoding](this.utf8);
      this.forms.set(encoding, form);
      form.then(
        (bytes) => this.onForm?.(bytes.length),
        () => undefined,
      );
      // A failure is the requester's to see; the next request tries again.
      form.catch(() => this.forms.delete(encoding));
    }
    return form;
  }

  /** Makes ahead the forms visitors have asked for lately, so the first of them after a rebuild waits for none. */
  prepareAskedForms(nowMs = performance.now()): void {
    if (!this.compressible) return;
    for (const encoding of ['br', 'gzip'] as const) {
      if (nowMs - askedAtMs[encoding] < ASKED_LATELY_MS) this.in(encoding).catch(() => undefined);
    }
  }
}

/** Adds Accept-Encoding to the Vary header, keeping what other plugins put there (Origin). */
function varyByEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('Vary');
  const listed = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  if (/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(listed)) return;
  reply.header('Vary', listed ? `${listed}, Accept-Encoding` : 'Accept-Encoding');
}

/** Sends `forms` compressed as the request allows, else as text; the caller has set the type. */
export async function sendCompressed(request: FastifyRequest, reply: FastifyReply, forms: CompressedForms): Promise<FastifyReply> {
  varyByEncoding(reply);
  const encoding = forms.compressible ? acceptedEncoding(request) : undefined;
  if (!encoding) return reply.send(forms.utf8);
  askedAtMs[encoding] = performance.now();
  const bytes = await forms.in(encoding);
  return reply.header('Content-Encoding', encoding).send(bytes);
}
