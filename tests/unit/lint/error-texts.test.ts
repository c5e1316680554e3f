// The error-text rule in eslint.config.js (issue 37): on the server an error helper or a
// user-facing error class is handed its sentence from core/ (messages.ts, api-error-texts.ts,
// error-codes.ts), never a sentence written in its call. Run through ESLint's own API on small
// sources placed (by file path only) where the rule applies.
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: ROOT });

const RULE =
  'Error sentences live in core/ (messages.ts, api-error-texts.ts, error-codes.ts): import the text instead of writing it here.';

/** Line:column of each report of the rule. */
async function inlineTexts(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(ROOT, file) });
  const reports = result.messages.filter((m) => m.ruleId === 'no-restricted-syntax');
  for (const report of reports) expect(report.message).toBe(RULE);
  return reports.map((m) => `${m.line}:${m.column}`);
}

const HEADER = [
  "import { appError, AppError, badRequest, conflict, invalidParameter, notFound } from '../../core/app-error';",
  "import { API_ERRORS, noSuchSnapshotText } from '../../core/api-error-texts';",
  "import { MESSAGES } from '../../core/messages';",
  "import { missingParameter } from '../transparency/query-params';",
];

describe('error sentences come from core/', () => {
  // Loading ESLint's configuration and parsers takes the first lint a second or more: done once here.
  beforeAll(() => eslint.calculateConfigForFile(path.join(ROOT, 'server/app.ts')), 60_000);

  it('fails a sentence written in a helper, a class, a template, a title or a field', async () => {
    const source = [
      ...HEADER,
      "export const a = () => notFound('No checkpoint for that tree size.');",
      'export const b = (size: number) => invalidParameter(`must not be larger than the log size (${size}).`);',
      "export const c = () => appError('forbidden', 'Invalid master key.', { title: 'Registration failed' });",
      "export const d = () => appError('forbidden', MESSAGES.adminMasterKeyInvalid.description, { title: 'Registration failed' });",
      "export const e = (n: string) => appError('invalid_parameter', API_ERRORS.queryInvalid, { fields: { [n]: 'Not valid.' } });",
      "export const f = () => new AppError('conflict', 'Already there.');",
      "export const g = () => missingParameter('id', \" (or 'leaf_index')\");",
      "export const h = () => [badRequest('Say what to change.'), conflict('This submission has already been removed.')];",
      '',
    ].join('\n');
    expect(await inlineTexts('server/transparency/sample.ts', source)).toEqual([
      '5:33',
      '6:53',
      '7:46',
      '7:78',
      '8:99',
      '9:105',
      '10:49',
      '11:47',
      '12:36',
      '12:69',
    ]);
  });

  it('fails it in every server folder, and in the witness’s plain-text answers', async () => {
    const source = [...HEADER, "export const a = () => notFound('No such thing.');", ''].join('\n');
    for (const file of ['server/http/sample.ts', 'server/admin/sample.ts', 'server/tlog/sample.ts', 'server/app.ts']) {
      expect(await inlineTexts(file, source)).toEqual(['5:33']);
    }
    const witness = [
      'const text = (status: number, body: string) => ({ status, body });',
      "export const a = () => text(400, 'The old size is larger than the checkpoint size.');",
      '',
    ].join('\n');
    expect(await inlineTexts('server/witness/sample.ts', witness)).toEqual(['2:34']);
  });

  it('passes texts from core/, codes alone, parameter names, headers, and code outside the server', async () => {
    const source = [
      ...HEADER,
      'export const a = () => notFound(API_ERRORS.logNoCheckpointAtSize);',
      "export const b = () => appError('csrf');",
      "export const c = () => missingParameter('leaf_index');",
      'export const d = (path: string) => notFound(noSuchSnapshotText(path));',
      "export const e = () => appError('not_found', API_ERRORS.logTileNotYet, { headers: { 'Cache-Control': 'public, max-age=10' } });",
      "export const f = () => appError('forbidden', MESSAGES.adminMasterKeyInvalid.description, { title: MESSAGES.adminMasterKeyInvalid.title });",
      '',
    ].join('\n');
    expect(await inlineTexts('server/transparency/sample.ts', source)).toEqual([]);
    const inTest = [...HEADER, "export const a = () => notFound('No such thing.');", ''].join('\n');
    expect(await inlineTexts('tests/unit/sample.test.ts', inTest)).toEqual([]);
    expect(await inlineTexts('web/src/sample.ts', inTest)).toEqual([]);
  });
});
