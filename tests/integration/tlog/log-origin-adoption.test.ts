// The log keeps the name it was first given: a server started again under another address
// (another PORT, so another default SITE_URL) with TLOG_ORIGIN unset serves the recorded log;
// only an explicit TLOG_ORIGIN names a new one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import type { AppDeps } from '../../../server/deps';
import { openRuntime } from '../../../server/runtime';
import { recordLogIdentity } from '../../../server/tlog/identity-repository';

const opened: AppDeps[] = [];
const folders: string[] = [];

async function start(env: Record<string, string>): Promise<AppDeps> {
  const deps = await openRuntime(loadConfig({ LOG_LEVEL: 'silent', ...env }));
  opened.push(deps);
  return deps;
}

afterEach(async () => {
  for (const deps of opened.splice(0)) await deps.database.close();
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the log origin across restarts', () => {
  it('adopts the recorded origin when TLOG_ORIGIN is unset, and keeps an explicit one', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-origin-'));
    folders.push(dataDir);
    const first = await start({ DATA_DIR: dataDir, SITE_URL: 'http://localhost:3000' });
    expect(first.config.tlogOrigin).toBe('localhost:3000/log');
    await recordLogIdentity(
      first.db,
      { origin: 'localhost:3000/log', publicKey: 'ab'.repeat(32), vkey: 'localhost:3000/log+0+x' },
      new Date(),
    );
    await first.database.close();
    opened.splice(0);

    const again = await start({ DATA_DIR: dataDir, SITE_URL: 'http://localhost:3001' });
    expect(again.config.tlogOrigin).toBe('localhost:3000/log');
    await again.database.close();
    opened.splice(0);

    const renamed = await start({ DATA_DIR: dataDir, SITE_URL: 'http://localhost:3001', TLOG_ORIGIN: 'registry.example/log' });
    expect(renamed.config.tlogOrigin).toBe('registry.example/log');
  });
});
