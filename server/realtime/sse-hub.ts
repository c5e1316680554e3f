// Fan-out of registry events to browsers over server-sent events. Each server process LISTENs
// once to the database's NOTIFY channel (DESIGN.md "Scale": no process needs another's memory)
// and writes each event to the clients connected to it.
import type { ServerResponse } from 'node:http';
import type { Kysely } from 'kysely';
import { WORK_REGISTERED_EVENT, type WorkRegisteredEvent } from '../../core/api-types';
import { isUuid } from '../../core/ids';
import type { Database } from '../db/database';
import type { DB } from '../db/types';

/** NOTIFY channel the submission service signals after a registration commits. */
export const WORK_REGISTERED_CHANNEL = 'work_registered';
export const HEARTBEAT_MS = 25_000;
/** Open streams one process keeps; past this, new clients get 503 and their EventSource retries. */
export const MAX_CLIENTS = 5_000;

export interface SseHubOptions {
  database: Database;
  db: Kysely<DB>;
  heartbeatMs?: number;
  onError?: (err: unknown) => void;
}

export interface SseHub {
  /** Starts listening (once per process); resolves when notifications will be received. */
  start(): Promise<void>;
  /** Takes over an open response: writes events to it until the client goes away. */
  addClient(res: ServerResponse): void;
  isFull(): boolean;
  clientCount(): number;
  /** Ends every open stream (so the HTTP server can close). */
  disconnectAll(): void;
  /** Ends the streams and stops listening. */
  close(): Promise<void>;
}

/** One SSE frame. JSON has no raw newlines, so the data fits on one `data:` line. */
export function sseFrame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** The NOTIFY payload: { id, trust_meter, is_public }. Anything else is ignored. */
function parsePayload(payload: string): { id: string } | null {
  try {
    const value = JSON.parse(payload) as { id?: unknown; is_public?: unknown };
    return value.is_public === true && isUuid(value.id) ? { id: value.id } : null;
  } catch {
    return null;
  }
}

export function createSseHub(options: SseHubOptions): SseHub {
  const { database, db } = options;
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const onError = options.onError ?? (() => undefined);
  const clients = new Set<ServerResponse>();
  let subscription: Promise<() => Promise<void>> | null = null;
  let heartbeat: NodeJS.Timeout | null = null;

  function broadcast(text: string): void {
    for (const res of clients) res.write(text);
  }

  async function forward(payload: string): Promise<void> {
    const parsed = parsePayload(payload);
    if (!parsed || clients.size === 0) return;
    // The payload says the work is public; the view decides. A work made private or removed in
    // the meantime is not announced (DECISIONS #17). One query per event per process.
    const row = await db
      .selectFrom('public_submissions')
      .select(['id', 'trust_meter'])
      .where('id', '=', parsed.id)
      .executeTakeFirst();
    if (!row) return;
    const event: WorkRegisteredEvent = { id: row.id, trust_meter: Number(row.trust_meter) };
    broadcast(sseFrame(WORK_REGISTERED_EVENT, event));
  }

  function updateHeartbeat(): void {
    if (clients.size > 0 && !heartbeat) {
      // A comment line: proxies see traffic and keep the connection; EventSource ignores it.
      heartbeat = setInterval(() => broadcast(': heartbeat\n\n'), heartbeatMs);
      heartbeat.unref();
    } else if (clients.size === 0 && heartbeat) {
      clearInterval(heartbeat);
      heartbeat = null;
    }
  }

  function disconnectAll(): void {
    for (const res of clients) res.end();
    clients.clear();
    updateHeartbeat();
  }

  return {
    async start() {
      subscription ??= database.listen(WORK_REGISTERED_CHANNEL, (payload) => {
        forward(payload).catch(onError);
      });
      try {
        await subscription;
      } catch (err) {
        subscription = null; // the next client tries again
        throw err;
      }
    },

    addClient(res) {
      clients.add(res);
      res.on('close', () => {
        clients.delete(res);
        updateHeartbeat();
      });
      updateHeartbeat();
      // Reconnect after 5 s if the stream breaks; the first comment tells the client it is live.
      res.write('retry: 5000\n: connected\n\n');
    },

    isFull: () => clients.size >= MAX_CLIENTS,
    clientCount: () => clients.size,

    disconnectAll,

    async close() {
      disconnectAll();
      const pending = subscription;
      subscription = null;
      if (pending) await (await pending.catch(() => async () => undefined))();
    },
  };
}
