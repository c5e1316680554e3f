// `npm run bench:lookup-memory -- --database NAME --data-dir DIR`: on a database `bench:scale
// --build-only --keep` kept (whose build also measured POST /api/lookup at a quarter of its size),
// the two questions of issue 38 that need no load: the server's resident memory once its start-up
// loads are done, and POST /api/lookup of a new picture and of cropped copies (lookups.ts), with
// the memory's peak after them. Minutes, where the whole of bench:scale takes most of an hour.
// It registers 40 works on the kept database, as the lookups need works to find.
import { parseArgs } from 'node:util';
import { appEnv } from './app-env';
import { bandIndexesAndBuffers, DEFAULT_SERVER_URL } from './database';
import { measureLookups } from './lookups';
import { makeImages } from './registrations';
import { killAppServers, settledMemory, startApp, startUpSnapshot } from './servers';

const { values } = parseArgs({ options: { database: { type: 'string' }, 'data-dir': { type: 'string' } }, strict: true });
if (!values.database || !values['data-dir'])
  throw new Error('--database and --data-dir name what `bench:scale --build-only --keep` kept.');
const url = new URL(process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? DEFAULT_SERVER_URL);
url.pathname = `/${values.database}`;
const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`;
const ms = (n: number) => n.toFixed(1);

process.on('exit', killAppServers);
const app = await startApp(appEnv(url.toString(), values['data-dir']));
try {
  const started = await settledMemory(app);
  console.log(`resident memory once started (loads done): ${mb(started.rss)} (goal <= 200 MB); peak so far ${mb(started.peak)}`);
  // The dataset snapshot a fresh process builds (minutes at a million works) must not run beside the lookups.
  await startUpSnapshot(app.url);
  const lookups = await measureLookups(app.url, await makeImages(41, 31), await makeImages(40, 32));
  for (const [what, kind] of [
    ['a new picture', 'fresh'],
    ['a copy with 5 % cut from one side', 'cropped'],
    ['the centre 70 % of a work', 'centre'],
  ] as const) {
    const found =
      kind === 'fresh'
        ? ''
        : `; its work found ${kind === 'cropped' ? lookups.croppedFound : lookups.centreFound}/${lookups[kind].count}`;
    console.log(
      `POST /api/lookup of ${what}: p50 ${ms(lookups[kind].p50)} ms, p95 ${ms(lookups[kind].p95)} ms (goal p95 <= 50)${found}`,
    );
  }
  console.log(await bandIndexesAndBuffers(url.toString()));
  console.log(`the image work of those files alone: p50 ${ms(lookups.imageWork.p50)} ms, p95 ${ms(lookups.imageWork.p95)} ms`);
  console.log(`resident memory peak: ${mb(app.memory().peak)} (goal <= 400 MB)`);
} finally {
  await app.stop();
}
