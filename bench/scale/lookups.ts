// POST /api/lookup ("Verify a file") at scale (issue 38): the whole-picture search from memory
// and the crop-tolerant search over every work's views (migration 038's wide bands), through
// HTTP as a visitor sends a file. Three kinds of file, asked one after another by one client:
// - a new picture, registered nowhere: nothing to find, every band probed in vain;
// - a copy of a work registered just before with 5 % cut from one side (what the crop windows
//   are for, server/image/region-hashes.ts): it must find that work;
// - the centre 70 % of such a work: timed as well; the product does not claim to find it
//   (whether it did is printed).
import sharp from 'sharp';
import { fingerprintImage } from '../../server/image';
import { percentiles, type Latencies } from './measure';
import { post, registerOne, uploadForm, type BenchImage } from './registrations';

/** New pictures looked up first and not counted (see measureLookups). */
export const LOOKUP_WARM_UP = 20;

export interface LookupLatencies {
  fresh: Latencies;
  cropped: Latencies;
  centre: Latencies;
  /** Cropped copies whose work the answer named, of those asked. */
  croppedFound: number;
  centreFound: number;
  /**
   * The image work alone (fingerprintImage, what the route runs on a worker thread) on every
   * file looked up, in this process, one after another: what is left of a lookup's time is the
   * HTTP round trip and the searches.
   */
  imageWork: Latencies;
}

async function cropped(bytes: Buffer, keep: { width: number; height: number; centred: boolean }): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  const w = Math.round(width * keep.width);
  const h = Math.round(height * keep.height);
  const left = keep.centred ? Math.round((width - w) / 2) : 0;
  const top = keep.centred ? Math.round((height - h) / 2) : 0;
  return sharp(bytes).extract({ left, top, width: w, height: h }).png().toBuffer();
}

/** One lookup: its time in ms and the registry ids it named (exact and near). */
async function lookUp(baseUrl: string, bytes: Buffer): Promise<{ ms: number; found: string[] }> {
  const form = uploadForm(bytes, 'image/png', 'lookup.png');
  const started = performance.now();
  const answer = await post(`${baseUrl}/api/lookup`, form.body, form.contentType);
  const ms = performance.now() - started;
  if (answer.status !== 200) throw new Error(`POST /api/lookup answered ${answer.status}: ${JSON.stringify(answer.json)}`);
  const works = [...(answer.json.exact as { registry_id: string }[]), ...(answer.json.near as { registry_id: string }[])];
  return { ms, found: works.map((work) => work.registry_id) };
}

/**
 * Registers each of `toRegister`, then looks up each of `fresh` and a 5 %-cropped and a
 * centre-70 % copy of each registered one. The registrations come first so the crops are asked
 * after the app has read them into its memory, as a visitor's would be.
 */
export async function measureLookups(baseUrl: string, fresh: BenchImage[], toRegister: BenchImage[]): Promise<LookupLatencies> {
  const registered = [];
  for (const image of toRegister) registered.push({ image, work: await registerOne(baseUrl, image) });
  // The first lookups warm the route's code and bring the band indexes' inner pages back into
  // PostgreSQL's shared buffers (the uncached exports just before filled them with other pages),
  // as any server answering lookups keeps them; they are not counted.
  for (const image of fresh.slice(0, LOOKUP_WARM_UP)) await lookUp(baseUrl, image.bytes);
  const freshMs: number[] = [];
  for (const image of fresh.slice(LOOKUP_WARM_UP)) freshMs.push((await lookUp(baseUrl, image.bytes)).ms);
  const croppedMs: number[] = [];
  const centreMs: number[] = [];
  const files = fresh.slice(LOOKUP_WARM_UP).map((image) => image.bytes);
  let croppedFound = 0;
  let centreFound = 0;
  for (const { image, work } of registered) {
    const sideCut = await cropped(image.bytes, { width: 0.95, height: 1, centred: false });
    const side = await lookUp(baseUrl, sideCut);
    croppedMs.push(side.ms);
    if (side.found.includes(work.registry_id)) croppedFound += 1;
    const centreCut = await cropped(image.bytes, { width: 0.7, height: 0.7, centred: true });
    const centre = await lookUp(baseUrl, centreCut);
    centreMs.push(centre.ms);
    if (centre.found.includes(work.registry_id)) centreFound += 1;
    files.push(sideCut, centreCut);
  }
  const imageWorkMs: number[] = [];
  for (const bytes of files) {
    const started = performance.now();
    await fingerprintImage(bytes);
    imageWorkMs.push(performance.now() - started);
  }
  return {
    fresh: percentiles(freshMs),
    cropped: percentiles(croppedMs),
    centre: percentiles(centreMs),
    croppedFound,
    centreFound,
    imageWork: percentiles(imageWorkMs),
  };
}
