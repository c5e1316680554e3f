// The layering rule in eslint.config.js: a feature folder never imports a sibling feature, and
// the shared layers below the features import none, and nothing but the composition roots imports
// them; every folder of server/ is classified. Run through ESLint's own API on small
// sources placed (by file path only) in the folders the rule is about. That the tree itself keeps
// the rule is `npm run lint`'s job (a stage of every CI run), not this file's.
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { unclassifiedServerFolders } from '../../../eslint.config.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: ROOT });

async function restrictedImports(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(ROOT, file) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('import directions between server folders', () => {
  // Loading ESLint's configuration and parsers takes the first lint a second or more: done once here,
  // so each test's time is its own lint.
  beforeAll(() => eslint.calculateConfigForFile(path.join(ROOT, 'server/app.ts')), 60_000);

  it('fails an import of a sibling feature folder, naming the rule', async () => {
    const source = "import { softDeleteSubmission } from '../admin/moderation';\nexport const used = softDeleteSubmission;\n";
    expect(await restrictedImports('server/removals/sample.ts', source)).toEqual([
      "'../admin/moderation' import is restricted from being used by a pattern. server/removals is a feature folder: it must not import a sibling feature. Move what both need to a shared layer (server/works, server/http, server/db, ...).",
    ]);
  });

  it('fails it from a nested folder of a feature too', async () => {
    const source = "import { escapeHtml } from '../../../proof/html-escape';\nexport const used = escapeHtml;\n";
    expect(await restrictedImports('server/ledger/public-api/writers/sample.ts', source)).toHaveLength(1);
  });

  it('fails a shared layer that imports a feature', async () => {
    const source = "import { toPublicWork } from '../submissions/public-work';\nexport const used = toPublicWork;\n";
    expect(await restrictedImports('server/works/sample.ts', source)).toEqual([
      "'../submissions/public-work' import is restricted from being used by a pattern. Shared layers sit below the features and must not import a feature folder.",
    ]);
  });

  it('passes imports of the feature itself, of shared layers and of core', async () => {
    const source = [
      "import { findRemovalRequest } from './removal-repository';",
      "import { softDeleteSubmission } from '../works/lifecycle';",
      "import { parseListQuery } from '../http/list-query';",
      "import { isUuid } from '../../core/ids';",
      'export const used = [findRemovalRequest, softDeleteSubmission, parseListQuery, isUuid];',
      '',
    ].join('\n');
    expect(await restrictedImports('server/removals/sample.ts', source)).toEqual([]);
  });

  it('fails a shared file beside the folders (config.ts) that imports a feature, and lets a composition root do it', async () => {
    const source = "import { SSE_LIMITS } from './realtime/limits';\nexport const used = SSE_LIMITS;\n";
    expect(await restrictedImports('server/config.ts', source)).toEqual([
      "'./realtime/limits' import is restricted from being used by a pattern. Only the composition roots (app.ts, main.ts, runtime.ts) may import a feature folder.",
    ]);
    expect(await restrictedImports('server/app.ts', source)).toEqual([]);
  });

  it('fails core/ importing from the server or the web app', async () => {
    const source =
      "import { loadConfig } from '../server/config';\nimport { cn } from '../web/src/lib/cn';\nexport const used = [loadConfig, cn];\n";
    expect(await restrictedImports('core/sample.ts', source)).toEqual([
      "'../server/config' import is restricted from being used by a pattern. core/ holds rules shared with the browser: it imports nothing from server/ or web/.",
      "'../web/src/lib/cn' import is restricted from being used by a pattern. core/ holds rules shared with the browser: it imports nothing from server/ or web/.",
    ]);
  });
  it('fails a shared layer (the log, the job queue) that imports the feature serving the log, or the metrics feature', async () => {
    const source =
      "import { transparencyRoutes } from '../transparency/routes';\nimport { createAppMetrics } from '../metrics';\nexport const used = [transparencyRoutes, createAppMetrics];\n";
    const expected = [
      "'../transparency/routes' import is restricted from being used by a pattern. Shared layers sit below the features and must not import a feature folder.",
      "'../metrics' import is restricted from being used by a pattern. Shared layers sit below the features and must not import a feature folder.",
    ];
    expect(await restrictedImports('server/tlog/sample.ts', source)).toEqual(expected);
    expect(await restrictedImports('server/jobs/sample.ts', source)).toEqual(expected);
    expect(await restrictedImports('server/webhooks/sample.ts', source)).toEqual(expected);
  });

  it('passes the transparency feature importing the log, its shared layer', async () => {
    const source =
      "import { ensureCheckpoint } from '../tlog/checkpoints';\nimport { cosignedNote } from '../tlog/witnessing/cosigned';\nexport const used = [ensureCheckpoint, cosignedNote];\n";
    expect(await restrictedImports('server/transparency/sample.ts', source)).toEqual([]);
  });

  it('fails a feature or a shared layer that imports a composition root, and lets the commands do it', async () => {
    const source =
      "import { openRuntime } from '../runtime';\nimport { seed } from '../cli/seed';\nexport const used = [openRuntime, seed];\n";
    const message = 'Only the composition roots (app.ts, main.ts, runtime.ts, cli/) wire the app: nothing else imports them.';
    expect(await restrictedImports('server/witness/sample.ts', source)).toEqual([
      `'../runtime' import is restricted from being used by a pattern. ${message}`,
      `'../cli/seed' import is restricted from being used by a pattern. ${message}`,
    ]);
    expect(await restrictedImports('server/db/sample.ts', source)).toHaveLength(2);
    expect(
      await restrictedImports('server/cli/sample.ts', "import { buildApp } from '../app';\nexport const used = buildApp;\n"),
    ).toEqual([]);
    expect(await restrictedImports('server/deps.ts', "import { buildApp } from './app';\nexport const used = buildApp;\n")).toEqual([
      `'./app' import is restricted from being used by a pattern. ${message}`,
    ]);
  });

  it('names every folder of server/ as a feature, a shared layer or a composition root', () => {
    const folders = fs
      .readdirSync(path.join(ROOT, 'server'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders).toContain('transparency');
    expect(unclassifiedServerFolders(folders)).toEqual([]);
    // A new folder nobody listed: loading eslint.config.js throws with this list.
    expect(unclassifiedServerFolders([...folders, 'payments'])).toEqual(['payments']);
  });
});
