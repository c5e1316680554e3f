// CONTRIBUTING.md: SQL lives only in repositories (`*-repository.ts`) and in the database layer
// (server/db/). This reads the server tree and lists every other file that builds a query.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
// Raw SQL templates and Kysely's query builders; `db.transaction()` alone is fine anywhere.
const QUERY_PATTERN = /\bsql\s*(<[^>]*>)?\s*`|\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(/;

function serverFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverFiles(relative);
    return entry.name.endsWith('.ts') ? [relative] : [];
  });
}

function mayHoldSql(file: string): boolean {
  return file.endsWith('-repository.ts') || file.startsWith(`server${path.sep}db${path.sep}`);
}

describe('where SQL lives', () => {
  it('finds queries only in repositories and the database layer', () => {
    const offenders = serverFiles('server')
      .filter((file) => !mayHoldSql(file))
      .filter((file) => QUERY_PATTERN.test(fs.readFileSync(path.join(ROOT, file), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('recognises a raw SQL template and a query builder call as queries', () => {
    expect(QUERY_PATTERN.test('await sql`SELECT 1`.execute(db);')).toBe(true);
    expect(QUERY_PATTERN.test('await sql<{ n: number }>`SELECT 1 AS n`.execute(db);')).toBe(true);
    expect(QUERY_PATTERN.test("db.selectFrom('submissions').selectAll()")).toBe(true);
    expect(QUERY_PATTERN.test('await db.transaction().execute(run);')).toBe(false);
  });
});
