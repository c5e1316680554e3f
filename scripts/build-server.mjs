// `npm run build:server`: bundles the server into dist/server/, so a production install
// (`npm ci --omit=dev`) runs it with plain Node.js, without TypeScript tooling. Our own code
// (server/ and core/) is bundled; every package stays an import resolved from node_modules at run
// time, and the build fails when one of them is not a runtime dependency in package.json, since
// a production install would not have it.
//
// One bundle per process entry, side by side in one folder: the image worker is loaded by the
// pool as './process-worker.mjs' next to whichever bundle started it (server or seed), and the
// migrations are read from './migrations' next to the bundle.
import fs from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const OUT_DIR = 'dist/server';

// The image worker's entry: in development process-worker.mjs loads process-task.ts through tsx,
// which a production install does not have, so the bundle is made from process-task.ts itself,
// whose runProcessTask becomes the default export a worker thread runs. Found by name, so the
// image code can move without this script knowing where.
function workerTaskFile() {
  const found = fs
    .readdirSync('server', { recursive: true })
    .filter((file) => path.basename(file) === 'process-worker.mjs')
    .map((file) => path.join('server', path.dirname(file), 'process-task.ts'));
  if (found.length !== 1 || !fs.existsSync(found[0])) {
    throw new Error(
      `Expected one server/**/process-worker.mjs with a process-task.ts beside it, found: ${found.join(', ') || 'none'}`,
    );
  }
  return found[0];
}

const ENTRIES = {
  main: 'server/main.ts',
  seed: 'server/cli/seed.ts',
  'admin-create': 'server/cli/admin-create.ts',
  'admin-reset-factors': 'server/cli/admin-reset-factors.ts',
  verify: 'server/cli/verify.ts',
  witness: 'server/cli/witness.ts',
  'backfill-originals': 'server/cli/backfill-originals.ts',
  'process-worker': 'virtual:process-worker',
};

const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

export async function buildServer() {
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    throw new Error('esbuild is not installed: build with the development dependencies (`npm ci`), then install for production.');
  }
  const { dependencies = {} } = JSON.parse(fs.readFileSync('package.json', 'utf8'));
  const workerEntry = `export { runProcessTask as default } from './${workerTaskFile().split(path.sep).join('/')}';`;

  // Built beside the old output and swapped in at the end, so a server starting meanwhile never
  // reads a half-written bundle.
  const staging = `${OUT_DIR}.build-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  const result = await esbuild.build({
    entryPoints: Object.entries(ENTRIES).map(([out, entry]) => ({ in: entry, out })),
    outdir: staging,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    plugins: [
      {
        name: 'process-worker-entry',
        setup(build) {
          build.onResolve({ filter: /^virtual:process-worker$/ }, () => ({ path: 'process-worker', namespace: 'entry' }));
          build.onLoad({ filter: /.*/, namespace: 'entry' }, () => ({
            contents: workerEntry,
            resolveDir: process.cwd(),
            loader: 'ts',
          }));
        },
      },
    ],
  });

  const missing = new Set();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const imported of output.imports) {
      if (!imported.external || isBuiltin(imported.path)) continue;
      const name = packageName(imported.path);
      if (!(name in dependencies)) missing.add(name);
    }
  }
  if (missing.size > 0) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw new Error(
      `The server imports packages that are not runtime dependencies in package.json: ${[...missing].sort().join(', ')}`,
    );
  }

  fs.cpSync('server/db/migrations', path.join(staging, 'migrations'), { recursive: true });

  const previous = `${OUT_DIR}.old-${process.pid}`;
  if (fs.existsSync(OUT_DIR)) fs.renameSync(OUT_DIR, previous);
  fs.renameSync(staging, OUT_DIR);
  fs.rmSync(previous, { recursive: true, force: true });
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    await buildServer();
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
