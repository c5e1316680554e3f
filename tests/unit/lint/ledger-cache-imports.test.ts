// The ledger cache's room rule in eslint.config.js: code outside server/ledger-cache/ imports it
// only through its index, never a file inside it; the room's own tests may look inside. Run
// through ESLint's own API on small sources placed (by file path only) where the rule applies.
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: ROOT });

async function restrictedImports(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(ROOT, file) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const ROOM_RULE = "server/ledger-cache is one room: import it from its index ('…/ledger-cache'), never a file inside it.";

describe('the ledger cache imported through its index only', () => {
  // Loading ESLint's configuration and parsers takes the first lint a second or more: done once here.
  beforeAll(() => eslint.calculateConfigForFile(path.join(ROOT, 'server/app.ts')), 60_000);

  it('fails a feature that imports a file inside the room, beside the feature rule', async () => {
    const source = [
      "import { LedgerStampSource } from '../ledger-cache/ledger-stamps';",
      "import { softDeleteSubmission } from '../admin/moderation';",
      'export const used = [LedgerStampSource, softDeleteSubmission];',
      '',
    ].join('\n');
    expect(await restrictedImports('server/ledger/sample.ts', source)).toEqual([
      `'../ledger-cache/ledger-stamps' import is restricted from being used by a pattern. ${ROOM_RULE}`,
      "'../admin/moderation' import is restricted from being used by a pattern. server/ledger is a feature folder: it must not import a sibling feature. Move what both need to a shared layer (server/works, server/http, server/db, ...).",
    ]);
  });

  it('fails it from a shared layer, a composition root, a command and a test outside the room', async () => {
    const fromServer = "import { ledgerWritten } from '../ledger-cache/process-stamps';\nexport const used = ledgerWritten;\n";
    const message = `'../ledger-cache/process-stamps' import is restricted from being used by a pattern. ${ROOM_RULE}`;
    expect(await restrictedImports('server/works/sample.ts', fromServer)).toEqual([message]);
    expect(await restrictedImports('server/cli/sample.ts', fromServer)).toEqual([message]);
    const fromRoot = "import { FreshReads } from './ledger-cache/fresh-reads';\nexport const used = FreshReads;\n";
    expect(await restrictedImports('server/app.ts', fromRoot)).toEqual([
      `'./ledger-cache/fresh-reads' import is restricted from being used by a pattern. ${ROOM_RULE}`,
    ]);
    const fromTest =
      "import { StampPublisher } from '../../../server/ledger-cache/stamp-publisher';\nexport const used = StampPublisher;\n";
    expect(await restrictedImports('tests/integration/ledger/sample.test.ts', fromTest)).toEqual([
      `'../../../server/ledger-cache/stamp-publisher' import is restricted from being used by a pattern. ${ROOM_RULE}`,
    ]);
  });

  it('passes the index, the room itself and the room’s own tests', async () => {
    const viaIndex = [
      "import { CachedAnswers } from '../ledger-cache';",
      "import { readLedgerVersion } from '../ledger-cache/index';",
      'export const used = [CachedAnswers, readLedgerVersion];',
      '',
    ].join('\n');
    expect(await restrictedImports('server/ledger/sample.ts', viaIndex)).toEqual([]);
    expect(await restrictedImports('server/works/sample.ts', viaIndex)).toEqual([]);
    const inside =
      "import { FreshReads } from './fresh-reads';\nimport type { DB } from '../db/types';\nexport const used = FreshReads;\nexport type Used = DB;\n";
    expect(await restrictedImports('server/ledger-cache/sample.ts', inside)).toEqual([]);
    const roomTest =
      "import { StampPublisher } from '../../../server/ledger-cache/stamp-publisher';\nexport const used = StampPublisher;\n";
    expect(await restrictedImports('tests/unit/ledger-cache/sample.test.ts', roomTest)).toEqual([]);
    expect(await restrictedImports('tests/integration/ledger-cache/sample.test.ts', roomTest)).toEqual([]);
  });
});
