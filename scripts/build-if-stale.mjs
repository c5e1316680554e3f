// First half of `npm start`: builds the web app and the server when their output is missing or
// older than their sources, so `npm install && npm start` on a fresh clone just works and an
// unchanged tree starts without building. The second half replaces the shell with the built
// server (`exec` in package.json), so the signals npm forwards on Ctrl-C or SIGTERM reach the
// server and it shuts down cleanly.
//
// A production install (`npm ci --omit=dev`) has no build tools: there an out-of-date build is an
// error rather than a surprise download or a silently stale server.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

function newestMtime(paths) {
  let newest = 0;
  for (const p of paths) {
    if (!fs.existsSync(p)) continue;
    const stat = fs.statSync(p);
    if (!stat.isDirectory()) {
      newest = Math.max(newest, stat.mtimeMs);
      continue;
    }
    for (const entry of fs.readdirSync(p, { withFileTypes: true, recursive: true })) {
      if (entry.isFile()) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}

const installed = (pkg) => fs.existsSync(path.join('node_modules', pkg, 'package.json'));

const PARTS = {
  web: {
    label: 'the web app',
    output: 'web/dist/index.html',
    sources: ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'web/vite-precompress.ts', 'core'],
    tool: 'vite',
    build: () => {
      const vite = path.join('node_modules', 'vite', 'bin', 'vite.js');
      const result = spawnSync(process.execPath, [vite, 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
        stdio: 'inherit',
      });
      if (result.status !== 0) throw new Error('Building the web app failed (see above).');
    },
  },
  server: {
    label: 'the server',
    output: 'dist/server/main.mjs',
    sources: ['server', 'core', 'scripts/build-server.mjs'],
    tool: 'esbuild',
    build: async () => (await import('./build-server.mjs')).buildServer(),
  },
};

/** Builds the named parts ('web', 'server') that are missing or older than their sources. */
export async function buildIfStale(names = Object.keys(PARTS)) {
  for (const name of names) {
    const part = PARTS[name];
    if (!part) throw new Error(`Unknown part '${name}': expected ${Object.keys(PARTS).join(' or ')}.`);
    if (fs.existsSync(part.output) && fs.statSync(part.output).mtimeMs >= newestMtime(part.sources)) continue;
    if (!installed(part.tool)) {
      throw new Error(
        `${part.output} is missing or older than its sources, and the build tools are not installed (a production install). ` +
          'Run `npm run build` where the development dependencies are installed, or start the existing build as it is with `node dist/server/main.mjs`.',
      );
    }
    // On stderr: the CLI commands (`npm run verify`) keep their own output clean on stdout.
    console.error(`Building ${part.label}…`);
    await part.build();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    await buildIfStale(process.argv.slice(2).length > 0 ? process.argv.slice(2) : undefined);
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
