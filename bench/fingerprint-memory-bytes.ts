// What a process's copy of the perceptual hashes costs (issue 38: at most 24 bytes a work, no
// doubling spikes): N random hashes (default 10 million) are added as the memory's load adds them,
// the band tables built, and the bench prints bytes a work held (typed arrays, counted by the
// structure and by V8's own array-buffer total), the most array-buffer memory seen while loading
// and building (sampled every 5 ms), the build's time, and a search's median time. Exits non-zero
// if a work costs more than 24 bytes.
//
//   npx tsx --expose-gc bench/fingerprint-memory-bytes.ts [--works 10000000]
import { parseArgs } from 'node:util';
import { seededRandom } from '../server/cli/seed-content';
import { BandedFingerprints } from '../server/works/banded-fingerprints';

const BYTES_A_WORK_GOAL = 24;
const { values: args } = parseArgs({ options: { works: { type: 'string', default: '10000000' } } });
const works = Number(args.works);
const collect = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const arrayBuffers = () => process.memoryUsage().arrayBuffers;
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

const random = seededRandom(20261129);
const hashHex = () =>
  Math.floor(random() * 2 ** 32)
    .toString(16)
    .padStart(8, '0') +
  Math.floor(random() * 2 ** 32)
    .toString(16)
    .padStart(8, '0');

collect();
const before = arrayBuffers();
let peak = before;
const sampler = setInterval(() => (peak = Math.max(peak, arrayBuffers())), 5);

const memory = new BandedFingerprints();
const probes: string[] = [];
// Added a page at a time with a turn of the event loop between, as the load reads them.
for (let added = 0; added < works; added += 10_000) {
  for (let i = added; i < Math.min(works, added + 10_000); i++) {
    const hash = hashHex();
    memory.add(hash);
    if (i % 100_003 === 0) probes.push(hash);
  }
  peak = Math.max(peak, arrayBuffers());
  await new Promise((resolve) => setImmediate(resolve));
}
const buildStarted = performance.now();
await memory.index();
const buildMs = performance.now() - buildStarted;
peak = Math.max(peak, arrayBuffers());
clearInterval(sampler);
collect();
const held = arrayBuffers() - before;

const searchMs: number[] = [];
for (const probe of probes) {
  const started = performance.now();
  const found = memory.close(probe);
  searchMs.push(performance.now() - started);
  if (!found?.has(probe)) throw new Error(`The stored hash ${probe} was not found`);
}
searchMs.sort((a, b) => a - b);

const bytesAWork = memory.heldBytes / works;
console.log(`works:                         ${works.toLocaleString('en')}`);
console.log(
  `held by the structure:         ${mb(memory.heldBytes)}, ${bytesAWork.toFixed(2)} bytes a work (goal <= ${BYTES_A_WORK_GOAL})`,
);
console.log(`array buffers after, less before: ${mb(held)}, ${(held / works).toFixed(2)} bytes a work`);
console.log(`most array buffers seen:       ${mb(peak - before)}, ${((peak - before) / works).toFixed(2)} bytes a work`);
console.log(`band tables built in:          ${Math.round(buildMs)} ms (in slices; the event loop ran between)`);
console.log(`search, median of ${searchMs.length}:        ${searchMs[Math.floor(searchMs.length / 2)].toFixed(2)} ms`);
if (bytesAWork > BYTES_A_WORK_GOAL) process.exitCode = 1;
