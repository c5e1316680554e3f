// Registering real small images through the app's HTTP API, as an artist's browser does:
// POST /api/uploads (multipart) and then POST /api/submissions (JSON). Images are made up front
// by the seed's image generator, each one different, so no registration is a duplicate.
import { chance, makePrompt, makeTitle, makeTool, seededRandom } from '../../server/cli/seed-content';
import { generateSeedImage, pickFormat } from '../../server/cli/seed-images';

export interface BenchImage {
  bytes: Buffer;
  mime: string;
  name: string;
}

const MIME = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

async function makeImage(seed: number, index: number): Promise<BenchImage> {
  const random = seededRandom(seed + index * 7919);
  const format = pickFormat(random);
  return { bytes: await generateSeedImage(random, { format }), mime: MIME[format], name: `bench-${seed}-${index}.${format}` };
}

export async function makeImages(count: number, seed: number): Promise<BenchImage[]> {
  const images: BenchImage[] = [];
  for (let i = 0; i < count; i++) images.push(await makeImage(seed, i));
  return images;
}

/**
 * Hands out each image once. A pool made with `endless` makes a new image when its stock runs
 * out (the background stream: load, not a measurement); otherwise an exhausted pool ends the
 * registrations that need it.
 */
export class ImagePool {
  private next = 0;
  constructor(
    private readonly images: BenchImage[],
    private readonly endless?: { seed: number },
  ) {}
  async take(): Promise<BenchImage | undefined> {
    const index = this.next++;
    if (index < this.images.length) return this.images[index];
    return this.endless ? makeImage(this.endless.seed, index) : undefined;
  }
  get left(): number {
    return Math.max(0, this.images.length - this.next);
  }
}

let counter = 0;

/** One registration through the API; returns the new work's id, or throws with the server's answer. */
export async function registerOne(baseUrl: string, image: BenchImage): Promise<{ id: string; registry_id: string }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(image.bytes)], { type: image.mime }), image.name);
  const upload = await fetch(`${baseUrl}/api/uploads`, { method: 'POST', body: form, headers: { accept: 'application/json' } });
  const uploaded = (await upload.json()) as { upload_id?: string };
  if (upload.status !== 201 || !uploaded.upload_id) throw new Error(`upload answered ${upload.status}: ${JSON.stringify(uploaded)}`);
  const random = seededRandom(++counter * 104_729);
  const { tool, tool_other } = makeTool(random);
  const body = {
    upload_id: uploaded.upload_id,
    title: makeTitle(random),
    prompt: makePrompt(random),
    prompt_visibility: chance(random, 0.15) ? 'private' : 'public',
    tool,
    tool_other,
    author_email: `bench-${counter}@example.com`,
    artist_name: `Bench Artist ${counter % 50}`,
  };
  const submit = await fetch(`${baseUrl}/api/submissions`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', accept: 'application/json' },
  });
  const created = (await submit.json()) as { id?: string; registry_id?: string };
  if (submit.status !== 201 || !created.id || !created.registry_id)
    throw new Error(`submission answered ${submit.status}: ${JSON.stringify(created)}`);
  return { id: created.id, registry_id: created.registry_id };
}

export interface RegistrationStream {
  /** Works registered so far. */
  readonly done: number;
  readonly failures: string[];
  stop(): Promise<void>;
}

/** `clients` loops registering one work after another until stopped or out of images. */
export function startRegistrations(baseUrl: string, pool: ImagePool, clients: number): RegistrationStream {
  let stopping = false;
  const state = { done: 0, failures: [] as string[] };
  const loop = async () => {
    while (!stopping) {
      const image = await pool.take();
      if (!image) return;
      try {
        await registerOne(baseUrl, image);
        state.done++;
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
    get failures() {
      return state.failures;
    },
    async stop() {
      stopping = true;
      await loops;
    },
  };
}
