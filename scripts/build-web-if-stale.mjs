// First half of `npm start`: builds the web app when it is missing or older than its sources.
// The second half replaces the shell with the server itself (`exec` in package.json), so the
// signals npm forwards on Ctrl-C or SIGTERM reach the server and it shuts down cleanly.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

const built = 'web/dist/index.html';
const sources = Math.max(newestMtime('web/src'), newestMtime('core'), fs.statSync('web/index.html').mtimeMs);
if (!fs.existsSync(built) || fs.statSync(built).mtimeMs < sources) {
  console.log('Building the web app…');
  const result = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
