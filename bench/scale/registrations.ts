// Registering real small images through the app's HTTP API, as an artist's browser does:
// POST /api/uploads (multipart) and then POST /api/submissions (JSON). Images are made up front
// by the seed's image generator, each one different, so no registration is a duplicate.
import crypto from 'node:crypto';
import http from 'node:http';
import { chance, makePrompt, makeTitle, makeTool, seededRandom } from '../../server/cli/seed-content';
import { generateSeedImage, pickFormat } from '../../server/cli/seed-images';

export interface BenchImage {
  bytes: Buffer;
  mime: string;
  name: string;
  /** The POST /api/uploads body, made up front so the clients spend little of the shared CPU. */
  form: { body: Buffer; contentType: string };
}

/** A multipart/form-data body with the one file field the upload takes. */
export function uploadForm(bytes: Buffer, mime: string, name: string): BenchImage['form'] {
  const boundary = `bench${crypto.randomBytes(12).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${mime}\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

// Kept-alive connections, as a browser keeps them.
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

/** POSTs `body` and returns the status and the parsed JSON answer. */
export function post(url: string, body: Buffer, contentType: string): Promise<{ status: number; json: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', agent, headers: { 'content-type': contentType, 'content-length': body.length, accept: 'application/json' } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          try {
            resolve({
              status: response.statusCode ?? 0,
              json: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
            });
          } catch (err) {
            reject(err as Error);
          }
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const MIME = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

async function makeImage(seed: number, index: number): Promise<BenchImage> {
  const random = seededRandom(seed + index * 7919);
  const format = pickFormat(random);
  const bytes = await generateSeedImage(random, { format });
  const name = `bench-${seed}-${index}.${format}`;
  return { bytes, mime: MIME[format], name, form: uploadForm(bytes, MIME[format], name) };
}

export async function makeImages(count: number, seed: number): Promise<BenchImage[]> {
  const images: BenchImage[] = [];
  for (let i = 0; i < count; i++) images.push(await makeImage(seed, i));
  return images;
}

/**
 * Hands out each image once. A pool made with `endless` makes a new image when its stock runs
 * out (the background stream: load, not a measurement), telling `onRunOut` the first time;
 * otherwise an exhausted pool ends the registrations that need it.
 */
export class ImagePool {
  private next = 0;
  constructor(
    private readonly images: BenchImage[],
    private readonly endless?: { seed: number; onRunOut?: () => void },
  ) {}
  async take(): Promise<BenchImage | undefined> {
    const index = this.next++;
    if (index < this.images.length) return this.images[index];
    if (!this.endless) return undefined;
    if (index === this.images.length) this.endless.onRunOut?.();
    return makeImage(this.endless.seed, index);
  }
  get left(): number {
    return Math.max(0, this.images.length - this.next);
  }
}

let counter = 0;

export interface RegistrationOptions {
  /** The profile links a work of this artist gives; none when unset. */
  profileLinks?: (artistName: string) => string[];
}

/** One registration through the API; returns the new work's id, or throws with the server's answer. */
export async function registerOne(
  baseUrl: string,
  image: BenchImage,
  options: RegistrationOptions = {},
): Promise<{ id: string; registry_id: string }> {
  const upload = await post(`${baseUrl}/api/uploads`, image.form.body, image.form.contentType);
  const uploadId = upload.json.upload_id;
  if (upload.status !== 201 || typeof uploadId !== 'string')
    throw new Error(`upload answered ${upload.status}: ${JSON.stringify(upload.json)}`);
  const random = seededRandom(++counter * 104_729);
  const { tool, tool_other } = makeTool(random);
  const artistName = `Bench Artist ${counter % 50}`;
  const body = {
    upload_id: uploadId,
    title: makeTitle(random),
    prompt: makePrompt(random),
    prompt_visibility: chance(random, 0.15) ? 'private' : 'public',
    tool,
    tool_other,
    author_email: `bench-${counter}@example.com`,
    artist_name: artistName,
    profile_links: options.profileLinks?.(artistName) ?? [],
  };
  const submit = await post(`${baseUrl}/api/submissions`, Buffer.from(JSON.stringify(body)), 'application/json');
  const { id, registry_id: registryId } = submit.json;
  if (submit.status !== 201 || typeof id !== 'string' || typeof registryId !== 'string')
    throw new Error(`submission answered ${submit.status}: ${JSON.stringify(submit.json)}`);
  return { id, registry_id: registryId };
}

export interface RegistrationStream {
  /** Works registered so far. */
  readonly done: number;
  /** performance.now() when the last of them was registered. */
  readonly lastDoneAt: number;
  readonly failures: string[];
  stop(): Promise<void>;
}

/** `clients` loops registering one work after another until stopped or out of images. */
export function startRegistrations(
  baseUrl: string,
  pool: ImagePool,
  clients: number,
  options: RegistrationOptions = {},
): RegistrationStream {
  let stopping = false;
  const state = { done: 0, lastDoneAt: performance.now(), failures: [] as string[] };
  const loop = async () => {
    while (!stopping) {
      const image = await pool.take();
      if (!image) return;
      try {
        await registerOne(baseUrl, image, options);
        state.done++;
        state.lastDoneAt = performance.now();
      } catch (err) {
        state.failures.push((err as Error).message);
        if (state.failures.length > 20) return;
      }
    }
  };
  const loops = Promise.all(Array.from({ length: clients }, loop));
  return {
    get done() {
      return state.done;
    },
    get lastDoneAt() {
      return state.lastDoneAt;
    },
    get failures() {
      return state.failures;
    },
    async stop() {
      stopping = true;
      await loops;
    },
  };
}

export interface RegistrationRate {
  /** Registrations a second in the steady state (see registrationRate). */
  perSecond: number;
  /** Works registered in all, warm-up included. */
  done: number;
  failures: string[];
  /** Whether the clients used every image of the pool before the time was up. */
  ranOut: boolean;
}

/**
 * Registrations a second of `clients` clients in a steady state: counted from `warmUpSeconds`
 * after they start, for `seconds`, so that registrations under way at either end of the window
 * cancel out. Clients that run out of images stop early: the window then ends at the last
 * registration.
 */
export async function registrationRate(
  baseUrl: string,
  pool: ImagePool,
  clients: number,
  timing: { seconds: number; warmUpSeconds: number },
): Promise<RegistrationRate> {
  const stream = startRegistrations(baseUrl, pool, clients);
  await new Promise((r) => setTimeout(r, timing.warmUpSeconds * 1000));
  const startedAt = performance.now();
  const doneBefore = stream.done;
  await new Promise((r) => setTimeout(r, timing.seconds * 1000));
  const ranOut = pool.left === 0;
  const endedAt = ranOut ? stream.lastDoneAt : performance.now();
  const doneInWindow = stream.done - doneBefore;
  await stream.stop();
  return {
    perSecond: doneInWindow / (Math.max(1, endedAt - startedAt) / 1000),
    done: stream.done,
    failures: stream.failures,
    ranOut,
  };
}
