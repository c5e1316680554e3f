// Fan-out of registry events to browsers over server-sent events. Each server process LISTENs
// once to the database's NOTIFY channel (decision 0035: no process needs another's memory)
// and writes each event to the clients connected to it.
import type { ServerResponse } from 'node:http';
import type { Kysely } from 'kysely';
import { WORK_REGISTERED_EVENT, type WorkRegisteredEvent } from '../../core/api-types';
import { isUuid } from '../../core/ids';
import type { Database } from '../db/database';
import type { DB } from '../db/types';
import { WORK_REGISTERED_CHANNEL } from '../works/registration';
import { findPublicScore } from '../works/works-repository';
import { SSE_LIMITS } from '../../core/constants';

export const HEARTBEAT_MS = 25_000;

export interface SseHubOptions {
  database: Database;
  db: Kysely<DB>;
  heartbeatMs?: number;
  /** Streams across all clients (default SSE_LIMITS.maxClients). */
  maxClients?: number;
  /** Streams per client address (default SSE_LIMITS.defaultMaxPerAddress). */
  maxPerAddress?: number;
  onError?: (err: unknown) => void;
}

/** A place in the hub, held from admission until the stream closes. */
export interface SseSlot {
  /** Takes over an open response: writes events to it until the client goes away. */
  attach(res: ServerResponse): void;
  /** Gives the place back; only needed when no stream was attached (closing a stream frees it). */
  release(): void;
}

export type SseAdmission =
  | { admitted: true; slot: SseSlot }
  /** server_full: the process holds its maximum; address_full: this address holds its share. */
  | { admitted: false; reason: 'server_full' | 'address_full' };

export interface SseHub {
  /** Starts listening (once per process); resolves when notifications will be received. */
  start(): Promise<void>;
  /**
   * Reserves a place for one stream of a client address, synchronously, so parallel requests
   * cannot all pass the limits while the first of them is still starting.
   */
  admit(address: string): SseAdmission;
  /** Places taken (open streams plus admitted requests not yet streaming). */
  clientCount(): number;
  /** Places taken by one client address. */
  addressCount(address: string): number;
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
  const maxClients = options.maxClients ?? SSE_LIMITS.maxClients;
  const maxPerAddress = options.maxPerAddress ?? SSE_LIMITS.defaultMaxPerAddress;
  const onError = options.onError ?? (() => undefined);
  const clients = new Set<ServerResponse>();
  // Places held, counted from admission (not from the first write), in total and per address.
  let taken = 0;
  const takenByAddress = new Map<string, number>();
  let subscription: Promise<() => Promise<void>> | null = null;
  let heartbeat: NodeJS.Timeout | null = null;

  function broadcast(text: string): void {
    for (const res of clients) res.write(text);
  }

  async function forward(payload: string): Promise<void> {
    const parsed = parsePayload(payload);
    if (!parsed || clients.size === 0) return;
    // The payload says the work is public; the view decides. A work made private or removed in
    // the meantime is not announced (decision 0017). One query per event per process.
    const row = await findPublicScore(db, parsed.id);
    if (!row) return;
    const event: WorkRegisteredEvent = { id: row.id, trust_meter: Number(row.trust_meter) };
    broadcast(sseFrame(WORK_REGISTERED_EVENT, event));
  }

  function updateHeartbeat(): void {
    if (clients.size > 0 && !heartbeat) {
      // A comment line: proxies see traffic and keep the connection; EventSource ignores it. Per
      // process by nature (it writes to this process's open connections), so not a queue job (decision 0065).
      heartbeat = setInterval(() => broadcast(': heartbeat\n\n'), heartbeatMs);
      heartbeat.unref();
    } else if (clients.size === 0 && heartbeat) {
      clearInterval(heartbeat);
      heartbeat = null;
    }
  }

  function disconnectAll(): void {
    // Each stream's 'close' handler gives its place back.
    for (const res of clients) res.end();
    clients.clear();
    updateHeartbeat();
  }

  function admit(address: string): SseAdmission {
    if (taken >= maxClients) return { admitted: false, reason: 'server_full' };
    const held = takenByAddress.get(address) ?? 0;
    if (held >= maxPerAddress) return { admitted: false, reason: 'address_full' };
    taken += 1;
    takenByAddress.set(address, held + 1);

    let released = false;
    let stream: ServerResponse | null = null;
    const release = () => {
      if (released) return;
      released = true;
      taken -= 1;
      const left = (takenByAddress.get(address) ?? 1) - 1;
      // Forget addresses with nothing open, so the map does not grow with every visitor.
      if (left > 0) takenByAddress.set(address, left);
      else takenByAddress.delete(address);
      if (stream) {
        clients.delete(stream);
        updateHeartbeat();
      }
    };
    const attach = (res: ServerResponse) => {
      if (released || stream) throw new Error('an SSE slot takes one stream, once');
      // The client may have left while the request waited for start(): no 'close' would follow.
      if (res.destroyed || res.writableEnded) {
        release();
        return;
      }
      stream = res;
      clients.add(res);
      res.on('close', release);
      updateHeartbeat();
      // Reconnect after 5 s if the stream breaks; the first comment tells the client it is live.
      res.write('retry: 5000\n: connected\n\n');
    };
    return { admitted: true, slot: { attach, release } };
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

    admit,
    clientCount: () => taken,
    addressCount: (address) => takenByAddress.get(address) ?? 0,

    disconnectAll,

    async close() {
      disconnectAll();
      const pending = subscription;
      subscription = null;
      if (pending) await (await pending.catch(() => async () => undefined))();
    },
  };
}
