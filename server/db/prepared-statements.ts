// The few statements every registration runs (record the upload, mark it stored, read it, claim
// it, insert the work with its leaf, read the stamps after the commit), built and prepared once.
//
// Under a stream of registrations, building each of them with Kysely and having PostgreSQL parse
// and plan it again took about a tenth of a registration's CPU beside the image work (decision
// 0048). A prepared statement is compiled to SQL once per shape (which optional values are
// given) and sent to each connection once under a name; later runs send only the values.
//
// Why only these: a prepared statement may be planned once for any values (PostgreSQL's generic
// plan), which suits a statement that reads or writes one row by its key and not a search whose
// best plan depends on its words. And a statement whose columns are named by `*` would fail once
// a migration adds a column (PostgreSQL refuses a cached plan whose result changes), so `*` is
// refused here.
import crypto from 'node:crypto';
import { CompiledQuery, type Kysely, type PostgresCursor, type PostgresPool, type PostgresPoolClient, type QueryResult } from 'kysely';
import type pg from 'pg';
import type { DB } from './types';

const PLACEHOLDER = Symbol('prepared statement value');
type Placeholder = { readonly [PLACEHOLDER]: readonly string[] };

/** Texts of the prepared statements, with the name each is prepared under on a connection. */
const namesByText = new Map<string, string>();

const STAR_COLUMNS = /\b(?:select|returning)\s+(?:[\w"]+\.)?\*/i;

/** Marks `text` as a statement to prepare; returns it. */
export function prepareText(text: string): string {
  if (STAR_COLUMNS.test(text)) throw new Error(`A prepared statement names its columns, not *: ${text}`);
  if (!namesByText.has(text)) namesByText.set(text, `ledger_${crypto.createHash('sha256').update(text).digest('hex').slice(0, 24)}`);
  return text;
}

/** The name `text` is prepared under, when it is one of the prepared statements. */
export function preparedName(text: string): string | undefined {
  return namesByText.get(text);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

function placeholderOf(path: readonly string[]): Placeholder {
  return Object.freeze({ [PLACEHOLDER]: path });
}

/** A Kysely expression (sql`…`, a subquery): part of the statement, not a value of it. */
function isExpression(value: unknown): boolean {
  return typeof (value as { toOperationNode?: unknown } | null)?.toOperationNode === 'function';
}

function isPlaceholder(value: unknown): value is Placeholder {
  return typeof value === 'object' && value !== null && PLACEHOLDER in value;
}

/**
 * The values' shape: which keys hold a value (an undefined value's column is left out by Kysely).
 * A plain object among the values is a group of values (a row to insert), one level deep; a JSON
 * value inside a group is one value.
 */
function shapeOf(values: Record<string, unknown>, path: readonly string[] = []): string {
  let shape = '';
  for (const key of Object.keys(values)) {
    const value = values[key];
    if (value === undefined) continue;
    if (isExpression(value))
      throw new Error(`${[...path, key].join('.')}: a prepared statement's values are values; build expressions in it`);
    shape += path.length === 0 && isPlainObject(value) ? `${key}{${shapeOf(value, [key])}},` : `${key},`;
  }
  return shape;
}

/** A stand-in for each value of `values`, in the same shape, to build the statement from once. */
function standIns(values: Record<string, unknown>, path: readonly string[] = []): Record<string, unknown> {
  const standIn: Record<string, unknown> = {};
  for (const key of Object.keys(values)) {
    const value = values[key];
    if (value === undefined) continue;
    standIn[key] = path.length === 0 && isPlainObject(value) ? standIns(value, [key]) : placeholderOf([...path, key]);
  }
  return standIn;
}

function valueAt(values: Record<string, unknown>, path: readonly string[]): unknown {
  let value: unknown = values;
  for (const key of path) value = (value as Record<string, unknown>)[key];
  return value;
}

/**
 * Shapes prepared per statement, at most: each is a statement every connection keeps, so a
 * statement called with ever new sets of values would fill the connections. Beyond it, a new
 * shape runs unprepared (built and sent as any other statement).
 */
export const MAX_SHAPES_PER_STATEMENT = 8;

interface Compiled {
  sql: string;
  /** Each parameter: where its value is in the values given, or a constant the statement holds. */
  parameters: readonly unknown[];
}

/**
 * A statement built by `build` from `values`, compiled once per shape of the values and prepared.
 * `build` must use the values it is given only as values (stand-ins the first time): never read
 * them, compare them or spread an array of them into a list.
 */
export function preparedStatement<V extends object, R>(
  build: (db: Kysely<DB>, values: V) => CompiledQuery<R>,
): (db: Kysely<DB>, values: V) => Promise<QueryResult<R>> {
  const byShape = new Map<string, Compiled>();
  return async (db, values) => {
    const shape = shapeOf(values as Record<string, unknown>);
    let compiled = byShape.get(shape);
    if (!compiled && byShape.size >= MAX_SHAPES_PER_STATEMENT) return db.executeQuery(build(db, values));
    if (!compiled) {
      const query = build(db, standIns(values as Record<string, unknown>) as V);
      compiled = { sql: prepareText(query.sql), parameters: query.parameters };
      byShape.set(shape, compiled);
    }
    const parameters = compiled.parameters.map((p) =>
      isPlaceholder(p) ? valueAt(values as Record<string, unknown>, p[PLACEHOLDER]) : p,
    );
    return db.executeQuery(CompiledQuery.raw(compiled.sql, parameters)) as Promise<QueryResult<R>>;
  };
}

/**
 * The pool Kysely talks to: `pool`'s own connections, whose statements are sent as they are,
 * except the prepared ones, which are sent by name with their text (pg prepares each once per
 * connection and later sends only the name and values). An adapter in front of the pool, not a
 * change to its connections: the pool's other users (the migrations, the job queue) and anything
 * that instruments `pg` see the connections as `pg` made them.
 */
export function preparingPool(pool: pg.Pool): PostgresPool {
  const adapters = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const adapterOf = (client: pg.PoolClient): PostgresPoolClient => {
    let adapter = adapters.get(client);
    if (!adapter) {
      adapter = {
        query: ((statement: string | PostgresCursor<unknown>, values?: readonly unknown[]) => {
          // A cursor (a streamed read) goes as it is.
          if (typeof statement !== 'string') return client.query(statement as unknown as pg.Submittable);
          const name = preparedName(statement);
          const parameters = values ? [...values] : [];
          return name === undefined
            ? client.query(statement, parameters)
            : client.query({ name, text: statement, values: parameters });
        }) as unknown as PostgresPoolClient['query'],
        release: () => client.release(),
      };
      // One adapter per connection, as Kysely keeps its state per client object.
      adapters.set(client, adapter);
    }
    return adapter;
  };
  return {
    connect: async () => adapterOf(await pool.connect()),
    end: () => pool.end(),
  };
}
