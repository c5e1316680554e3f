// The circle check of `npm run lint` (`npm run lint:circles`, madge with the repository's .madgerc):
// run with the script's own flags on small sources written to a temporary folder, it fails on an
// import circle and passes a circle made only of type imports (those vanish from the JavaScript,
// so they cannot leave a module half-initialised). That the tree itself has no circle is
// `npm run lint`'s job, not this file's.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const MADGE = path.join(ROOT, 'node_modules/madge/bin/cli.js');
const script: string = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts['lint:circles'];
const [command, ...words] = script.split(/\s+/);
const flags = words.filter((word) => word.startsWith('--'));

const made: string[] = [];
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

function checkCircles(files: Record<string, string>): { status: number | null; output: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-circles-'));
  made.push(dir);
  for (const [name, source] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), source);
  const run = spawnSync(process.execPath, [MADGE, ...flags, dir], { cwd: ROOT, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('the import circle check of npm run lint', () => {
  it('is madge with --circular', () => {
    expect(command).toBe('madge');
    expect(flags).toContain('--circular');
  });

  it('fails on two modules that import each other, naming them', () => {
    const { status, output } = checkCircles({
      'checkpoints.ts': "import { submit } from './submit';\nexport const checkpoint = () => submit;\n",
      'submit.ts': "import { checkpoint } from './checkpoints';\nexport const submit = () => checkpoint;\n",
    });
    expect(status).toBe(1);
    expect(output).toContain('1) checkpoints.ts > submit.ts');
  }, 30_000);

  it('passes the same two modules when one side imports only a type', () => {
    const { status, output } = checkCircles({
      'checkpoints.ts': "import type { Submit } from './submit';\nexport const checkpoint = (s?: Submit) => s;\n",
      'submit.ts':
        "import { checkpoint } from './checkpoints';\nexport type Submit = () => unknown;\nexport const submit = () => checkpoint;\n",
    });
    expect(status).toBe(0);
    expect(output).toContain('No circular dependency found');
  }, 30_000);
});
