// npm run seed -- --count N [--seed S] [--concurrency C]
//
// Fills the registry with N demo works made like real ones: each generated image goes through
// the upload pipeline (the real image checks, SHA-256, derivative, perceptual hash, metadata and
// storage), each body through the same validation and normalisation as POST /api/submissions,
// and each work through the trust engine, registry numbering and transparency log. Works are
// registered in batches (submissions/batch-registration.ts): the same decisions and rows as one
// registration, with a few statements per batch, so 100,000 works take minutes, not an hour.
// While one batch is written, the images of the next are made. Only the clock is set back, so
// works spread over the past 400 days, and no verification e-mail is sent. About 15 % keep their
// prompt private and 3 % end up soft-deleted (with their log leaf and an audit entry).
//
// The data folder is locked while this runs: a running server makes it stop with a clear error.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { submissionBodySchema } from '../../core/schemas';
import { normaliseSubmissionBody } from '../../core/submission';
import { loadConfig } from '../config';
import type { AppDeps } from '../deps';
import { openRuntime } from '../runtime';
import { registerSubmissionBatch, type BatchItem, type BatchRegisteredWork } from '../submissions/batch-registration';
import { createMemoryRegistryIndex } from '../submissions/registry-index';
import { storeUpload } from '../submissions/upload-service';
import { softDeleteSubmissions, type ModerationContext } from '../works/lifecycle';
import { NO_WORK_EVENTS } from '../works/work-events';
import { findWorksForUpdate } from '../works/works-repository';
import {
  chance,
  makeArtists,
  makeCoAuthors,
  makePermissions,
  makePrompt,
  makeStory,
  makeTitle,
  makeTool,
  PARAMETER_WRITING_TOOLS,
  seededRandom,
  shuffled,
  type Random,
  type SeedArtist,
} from './seed-content';
import { a1111Parameters, generateSeedImage, pickFormat } from './seed-images';
import { ledgerTransaction } from '../works/ledger-transaction';

const DAY_MS = 24 * 60 * 60 * 1000;
const SPREAD_DAYS = 400;
const PRIVATE_SHARE = 0.15;
const NO_PROMPT_SHARE = 0.04;
const DELETED_SHARE = 0.03;
/** Works per registration transaction: big enough to amortise round trips, small enough to keep memory flat. */
const BATCH_SIZE = 250;

interface SeedOptions {
  count: number;
  seed: number;
  concurrency: number;
}

function positiveInt(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a whole number of 1 or more, got '${value}'.`);
  return n;
}

export function parseSeedArgs(argv: string[]): SeedOptions {
  const { values } = parseArgs({
    args: argv,
    options: { count: { type: 'string' }, seed: { type: 'string' }, concurrency: { type: 'string' } },
    strict: true,
  });
  return {
    count: positiveInt(values.count, 'count', 100),
    seed: positiveInt(values.seed, 'seed', Date.now() % 2_147_483_647),
    concurrency: positiveInt(values.concurrency, 'concurrency', 4),
  };
}

/** N registration times over the past 400 days, oldest first, so registry numbers follow time. */
function registrationTimes(random: Random, count: number, now: number): Date[] {
  return Array.from({ length: count }, () => now - random() * SPREAD_DAYS * DAY_MS)
    .sort((a, b) => a - b)
    .map((ms) => new Date(Math.floor(ms)));
}

/** Artists are picked with a long tail: a few prolific ones, many with one or two works. */
function pickArtist(random: Random, artists: SeedArtist[]): SeedArtist {
  return artists[Math.floor(artists.length * random() ** 1.6)];
}

/** Each work draws from its own random stream, so batching and concurrency do not change it. */
function workRandom(seed: number, index: number): Random {
  return seededRandom((Math.imul(seed, 0x9e3779b1) ^ Math.imul(index + 1, 0x85ebca77)) >>> 0);
}

type SeedItem = BatchItem & { private: boolean };

/** One demo work up to the point of registration: image processed and stored, body validated. */
async function prepareWork(deps: AppDeps, random: Random, artist: SeedArtist, createdAt: Date): Promise<SeedItem> {
  const { tool, tool_other } = makeTool(random);
  const prompt = chance(random, NO_PROMPT_SHARE) ? '' : makePrompt(random);
  const format = pickFormat(random);
  const withParameters = format === 'png' && prompt !== '' && PARAMETER_WRITING_TOOLS.has(tool) && chance(random, 0.7);
  const image = await generateSeedImage(random, { format, parameters: withParameters ? a1111Parameters(prompt, random) : undefined });

  const upload = await storeUpload(deps, image, createdAt);
  const links = artist.profileLinks.slice(0, 1 + Math.floor(random() * artist.profileLinks.length));
  // The same validation and normalisation as POST /api/submissions.
  const parsed = submissionBodySchema.safeParse({
    upload_id: upload.values.id,
    title: makeTitle(random),
    prompt,
    prompt_visibility: chance(random, PRIVATE_SHARE) ? 'private' : 'public',
    story_context: chance(random, 0.35) ? makeStory(random) : '',
    tool,
    tool_other,
    author_email: artist.email,
    author_full_name: artist.fullName,
    artist_name: artist.artistName,
    profile_links: links,
    co_authors: makeCoAuthors(random),
    permissions: makePermissions(random),
  });
  if (!parsed.success) {
    await upload.discard();
    throw parsed.error;
  }
  return { body: normaliseSubmissionBody(parsed.data), upload, createdAt, private: parsed.data.prompt_visibility === 'private' };
}

/**
 * Prepares works first..end-1, `concurrency` at a time. All or nothing: if one fails, the files
 * of the others are removed before the error is passed on.
 */
async function prepareBatch(
  deps: AppDeps,
  options: SeedOptions,
  artists: SeedArtist[],
  times: Date[],
  first: number,
  end: number,
): Promise<SeedItem[]> {
  const items: SeedItem[] = [];
  let next = first;
  const lane = async () => {
    while (next < end) {
      const i = next++;
      const random = workRandom(options.seed, i);
      items[i - first] = await prepareWork(deps, random, pickArtist(random, artists), times[i]);
    }
  };
  const lanes = await Promise.allSettled(Array.from({ length: Math.min(options.concurrency, end - first) }, lane));
  const failed = lanes.find((l): l is PromiseRejectedResult => l.status === 'rejected');
  if (failed) {
    await Promise.all(items.filter(Boolean).map((item) => item.upload.discard()));
    throw failed.reason;
  }
  return items;
}

/**
 * Soft-deletes as an admin would, through the same works-layer transaction as the dashboard's
 * Remove: the rows' deletion fields, audit entries and log leaves, together.
 */
async function softDelete(deps: AppDeps, works: readonly BatchRegisteredWork[], at: Date): Promise<void> {
  if (works.length === 0) return;
  const reason = 'Demo data: removed after a (fictional) removal request';
  // No admin account and no request: the audit entries name the seed command.
  // Demo removals are not news to integrators: the seed fills a new ledger, with no queue running.
  const ctx: ModerationContext = {
    admin: { id: null, email: 'seed@localhost' },
    now: at,
    meta: { ip: null, user_agent: null },
    events: NO_WORK_EVENTS,
  };
  await ledgerTransaction(deps.db, async (trx) => {
    const rows = await findWorksForUpdate(
      trx,
      works.map((w) => w.id),
    );
    await softDeleteSubmissions(trx, rows, reason, ctx);
  });
}

function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

export async function seed(
  deps: AppDeps,
  options: SeedOptions,
  print: (line: string) => void = console.log,
): Promise<{ created: number; deleted: number; private: number }> {
  const random = seededRandom(options.seed);
  const artists = makeArtists(random, Math.max(1, Math.round(options.count / 8)));
  const times = registrationTimes(random, options.count, Date.now());
  const registry = createMemoryRegistryIndex();

  const started = performance.now();
  const registered: BatchRegisteredWork[] = [];
  let privateCount = 0;
  let stopping = false;
  const onSignal = () => {
    stopping = true;
    print('Stopping after the batch in progress…');
  };
  process.once('SIGINT', onSignal);
  const progress = setInterval(() => {
    const seconds = (performance.now() - started) / 1000;
    print(`  ${formatCount(registered.length)} / ${formatCount(options.count)} works (${Math.round(registered.length / seconds)}/s)`);
  }, 2000);

  const batchFrom = (first: number) => {
    const batch = prepareBatch(deps, options, artists, times, first, Math.min(first + BATCH_SIZE, options.count));
    batch.catch(() => undefined); // awaited below; this only keeps an early failure from counting as unhandled
    return batch;
  };
  // The batch being prepared and not yet registered: its files are removed if the run stops.
  let pending: Promise<SeedItem[]> | undefined = batchFrom(0);
  try {
    while (pending && !stopping) {
      const items: SeedItem[] = await pending;
      const registeredBefore = registered.length;
      // The next batch's images are made (on sharp's threads) while this one is written.
      pending = registeredBefore + items.length < options.count ? batchFrom(registeredBefore + items.length) : undefined;
      registered.push(...(await registerSubmissionBatch(deps, items, registry)));
      privateCount += items.filter((item) => item.private).length;
    }

    // Deletions come last and are stamped now, so the log's times stay in order.
    const toDelete = shuffled(random, registered).slice(0, Math.round(registered.length * DELETED_SHARE));
    const deletedAt = new Date();
    for (let i = 0; i < toDelete.length; i += BATCH_SIZE) await softDelete(deps, toDelete.slice(i, i + BATCH_SIZE), deletedAt);

    const seconds = (performance.now() - started) / 1000;
    print(
      `Seeded ${formatCount(registered.length)} works by ${formatCount(artists.length)} artists ` +
        `(${formatCount(privateCount)} with a private prompt, ${formatCount(toDelete.length)} soft-deleted) ` +
        `in ${seconds.toFixed(1)} s: ${(registered.length / seconds).toFixed(1)} works/s.`,
    );
    return { created: registered.length, deleted: toDelete.length, private: privateCount };
  } finally {
    clearInterval(progress);
    process.removeListener('SIGINT', onSignal);
    // A batch prepared but never registered (stopped, or a write failed) leaves no files.
    const unused = await pending?.catch(() => []);
    await Promise.all((unused ?? []).map((item) => item.upload.discard()));
  }
}

async function main(): Promise<void> {
  const options = parseSeedArgs(process.argv.slice(2));
  const config = loadConfig();
  const deps = await openRuntime(config);
  try {
    console.log(
      `Seeding ${formatCount(options.count)} works into ${deps.database.kind === 'pglite' ? config.dataDir : 'PostgreSQL'} ` +
        `(seed ${options.seed}, ${options.concurrency} at a time)…`,
    );
    await seed(deps, options);
  } finally {
    await deps.database.close();
  }
}

// Run only as a command, not when a test imports seed().
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((err: Error) => {
    console.error(`Could not seed: ${err.message}`);
    process.exit(1);
  });
}
