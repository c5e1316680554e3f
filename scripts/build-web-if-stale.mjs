// Builds the web app when it is missing or older than its sources; `npm test` runs it before
// anything that serves the app. The rules live in build-if-stale.mjs, which `npm start` uses.
import { buildIfStale } from './build-if-stale.mjs';

try {
  await buildIfStale(['web']);
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
