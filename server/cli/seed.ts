// npm run seed -- --count N [--seed S] [--concurrency C]
//
// Fills the registry with N demo works made exactly like real ones: each generated image goes
// through the upload service (the real image pipeline and storage) and the submission service
// (validation, evidence, trust engine, registry number, transparency log). Only the clock is
// set back, so works spread over the past 400 days, and no verification e-mail is sent.
// About 15 % keep their prompt private and 3 % end up soft-deleted (with their log leaf).
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
import { createMemoryNearDuplicateIndex } from '../submissions/near-duplicates';
import { registerSubmission } from '../submissions/submission-service';
import { createUpload } from '../submissions/upload-service';
import { appendLogEvent } from '../tlog/store';
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

const DAY_MS = 24 * 60 * 60 * 1000;
const SPREAD_DAYS = 400;
const PRIVATE_SHARE = 0.15;
const NO_PROMPT_SHARE = 0.04;
const DELETED_SHARE = 0.03;

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
    concurrency: positiveInt(values.concurrency, 'concurrency', 3),
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

async function seedOne(deps: AppDeps, random: Random, artist: SeedArtist, createdAt: Date, nearIndex: ReturnType<typeof createMemoryNearDuplicateIndex>) {
  const { tool, tool_other } = makeTool(random);
  const prompt = chance(random, NO_PROMPT_SHARE) ? '' : makePrompt(random);
  const format = pickFormat(random);
  const withParameters = format === 'png' && prompt !== '' && PARAMETER_WRITING_TOOLS.has(tool) && chance(random, 0.7);
  const image = await generateSeedImage(random, { format, parameters: withParameters ? a1111Parameters(prompt, random) : undefined });

  const upload = await createUpload(deps, image, { now: createdAt });
  const links = artist.profileLinks.slice(0, 1 + Math.floor(random() * artist.profileLinks.length));
  // The same validation and normalisation as POST /api/submissions.
  const body = submissionBodySchema.parse({
    upload_id: upload.row.id,
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
  const work = await registerSubmission(deps, normaliseSubmissionBody(body), { now: createdAt, nearDuplicates: nearIndex });
  return { id: work.id, registry_id: work.registry_id, image_hash: upload.row.sha256, private: body.prompt_visibility === 'private' };
}

/** Soft-deletes as an admin would: the row's deletion fields, an audit entry and a log leaf, together. */
async function softDelete(deps: AppDeps, work: { id: string; registry_id: string; image_hash: string }, at: Date): Promise<void> {
  const reason = 'Demo data: removed after a (fictional) removal request';
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('submissions')
      .set({ deleted_at: at, deleted_by: 'seed@localhost', deletion_reason: reason, updated_at: at })
      .where('id', '=', work.id)
      .execute();
    await trx
      .insertInto('audit_log')
      .values({
        table_name: 'submissions',
        record_id: work.id,
        action_type: 'SOFT_DELETE',
        admin_id: null,
        admin_email: 'seed@localhost',
        reason,
        old_values: JSON.stringify({ deleted_at: null }),
        new_values: JSON.stringify({ deleted_at: at.toISOString(), deletion_reason: reason }),
        changed_fields: ['deleted_at', 'deleted_by', 'deletion_reason'],
        created_at: at,
      })
      .execute();
    await appendLogEvent(trx, { registry_id: work.registry_id, submission_id: work.id, image_sha256: work.image_hash, event: 'soft_deleted', time: at });
  });
}

function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

export async function seed(deps: AppDeps, options: SeedOptions, print: (line: string) => void = console.log): Promise<{ created: number; deleted: number; private: number }> {
  const random = seededRandom(options.seed);
  const artists = makeArtists(random, Math.max(1, Math.round(options.count / 8)));
  const times = registrationTimes(random, options.count, Date.now());
  const nearIndex = createMemoryNearDuplicateIndex();
  await nearIndex.preload(deps.db);

  const started = performance.now();
  const registered: { id: string; registry_id: string; image_hash: string }[] = [];
  let privateCount = 0;
  let next = 0;
  let stopping = false;
  const onSignal = () => {
    stopping = true;
    print('Stopping after the works in progress…');
  };
  process.once('SIGINT', onSignal);
  const progress = setInterval(() => {
    const seconds = (performance.now() - started) / 1000;
    print(`  ${formatCount(registered.length)} / ${formatCount(options.count)} works (${Math.round(registered.length / seconds)}/s)`);
  }, 2000);

  try {
    // Each worker draws its own random stream, so concurrency does not change what one work looks like.
    const worker = async (w: number) => {
      const workerRandom = seededRandom(options.seed * 31 + w);
      while (!stopping && next < options.count) {
        const i = next++;
        const work = await seedOne(deps, workerRandom, pickArtist(workerRandom, artists), times[i], nearIndex);
        registered.push(work);
        if (work.private) privateCount += 1;
      }
    };
    await Promise.all(Array.from({ length: Math.min(options.concurrency, options.count) }, (_, w) => worker(w)));

    // Deletions come last and are stamped now, so the log's times stay in order.
    const toDelete = shuffled(random, registered).slice(0, Math.round(registered.length * DELETED_SHARE));
    const deletedAt = new Date();
    for (const work of toDelete) await softDelete(deps, work, deletedAt);

    const seconds = (performance.now() - started) / 1000;
    print(
      `Seeded ${formatCount(registered.length)} works by ${formatCount(artists.length)} artists `
        + `(${formatCount(privateCount)} with a private prompt, ${formatCount(toDelete.length)} soft-deleted) `
        + `in ${seconds.toFixed(1)} s: ${(registered.length / seconds).toFixed(1)} works/s.`,
    );
    return { created: registered.length, deleted: toDelete.length, private: privateCount };
  } finally {
    clearInterval(progress);
    process.removeListener('SIGINT', onSignal);
  }
}

async function main(): Promise<void> {
  const options = parseSeedArgs(process.argv.slice(2));
  const config = loadConfig();
  const deps = await openRuntime(config);
  try {
    console.log(
      `Seeding ${formatCount(options.count)} works into ${deps.database.kind === 'pglite' ? config.dataDir : 'PostgreSQL'} `
        + `(seed ${options.seed}, ${options.concurrency} at a time)…`,
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
