// Image work (decoding, metadata, hashing, the derivative) runs on a few worker threads, so a
// slow or hostile image never stalls the HTTP server's event loop. Jobs beyond the workers wait
// in a short queue; when it is full, or a job has waited a whole time limit for a worker, the
// request is refused with 503 and Retry-After: the server was the problem, not the image. A job
// that runs past its time limit once a worker has it, or runs its worker out of memory, has that
// worker terminated (piscina starts a fresh one) and the image is refused as not processable
// (422), unless the job hardly had the CPU in that time (starved-job.ts): then it is 503 too.
// The queue is shared fairly (issue 34): a route claims a place for its client (its address
// key) before it reads the file, and one client holds at most `perClient` places, its files being
// read, waiting and running together; one more is refused with 429 at once, before its body is
// parsed, so a client sending expensive images keeps its own requests waiting, never everyone's.
// Every request path comes through here; tests may call processImage in-thread.
import { Piscina } from 'piscina';
import { ImageBusyError } from './busy-error';
import { ImageRejectedError } from './errors';
import { watchOtherThreadsCpu, type CpuWatch } from './starved-job';
import { IMAGE_WORKER_HEAP_MB, IMAGE_WORKER_START_TIMEOUT_MS } from './limits';
import type { JobStartedMessage, ProcessOutcome, ProcessTask } from './process-task';
import type { ImageFingerprint } from './fingerprint';
import type { ProcessedImage } from './types';

export interface ImagePoolSettings {
  /** Worker threads. */
  workers: number;
  /** Jobs that may wait for a worker; one more is refused with 503. */
  queueMax: number;
  /** Longest a job may run once a worker has it, and longest it may wait in the queue. */
  jobTimeoutMs: number;
  /** Places (files being read, waiting or running) one client may hold; one more is refused with 429. */
  perClient: number;
}

const WORKER_FILE = new URL('./process-worker.mjs', import.meta.url).href;

/** A place of one client's share; released once its request is done with the image. */
export interface ClientPlace {
  release(): void;
}

/** Why the pool refused an image: a full queue, a wait past the time limit, a client's full share, or a pool closing. */
export type ImageRefusal = 'queue_full' | 'wait_timeout' | 'client_share' | 'closing';

/** How a job that had a worker ended. */
export type ImageJobOutcome = 'processed' | 'rejected' | 'busy' | 'failed';

/** Hears the pool's events (the operator's metrics, server/metrics/); never the image itself. */
export interface ImagePoolObserver {
  waited(seconds: number): void;
  ran(seconds: number, outcome: ImageJobOutcome): void;
  refused(reason: ImageRefusal): void;
}

/** The pool's load now. */
export interface ImagePoolLoad {
  running: number;
  waiting: number;
  workers: number;
  queueMax: number;
}

interface Waiter {
  resolve(): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
}

class ImagePool {
  readonly #settings: ImagePoolSettings;
  readonly #threads: Piscina<ProcessTask, ProcessOutcome>;
  /** Jobs handed to piscina, at most one per worker: the queue, its bound and its wait limit are ours. */
  #running = 0;
  readonly #waiting: Waiter[] = [];
  /** Client key → places it holds; a client holding none is not listed. */
  readonly #held = new Map<string, number>();
  /** Job id → what to do when its worker says it has started. */
  readonly #onStart = new Map<number, () => void>();
  #nextJobId = 1;
  #closed = false;
  /** When the last job ended with no other running (performance.now()): how long the pool has been idle. */
  #idleSince = performance.now();
  observer: ImagePoolObserver | undefined;

  constructor(settings: ImagePoolSettings) {
    this.#settings = settings;
    this.#threads = new Piscina({
      filename: WORKER_FILE,
      minThreads: settings.workers,
      maxThreads: settings.workers,
      // Never more jobs than workers are handed over (see #acquire); the queue is ours.
      maxQueue: settings.workers,
      // The heap only: decoded pixels live in libvips' memory, which the budgets keep small.
      resourceLimits: { maxOldGenerationSizeMb: IMAGE_WORKER_HEAP_MB, maxYoungGenerationSizeMb: 32 },
    });
    // A worker that fails while running a job rejects that job; one that fails while idle is
    // replaced by piscina. Without a listener that second case would crash the server.
    this.#threads.on('error', () => undefined);
    this.#threads.on('message', (message: Partial<JobStartedMessage>) => {
      if (typeof message?.imageJobStarted === 'number') this.#onStart.get(message.imageJobStarted)?.();
    });
  }

  get load(): ImagePoolLoad {
    return {
      running: this.#running,
      waiting: this.#waiting.length,
      workers: this.#settings.workers,
      queueMax: this.#settings.queueMax,
    };
  }

  /** Milliseconds since the pool last had an image to process: 0 while one runs or waits. */
  get idleForMs(): number {
    return this.#running > 0 ? 0 : performance.now() - this.#idleSince;
  }

  /** Everything a registration keeps of the image (processImage), on a worker. */
  async process(bytes: Buffer): Promise<ProcessedImage> {
    const outcome = await this.#job(bytes, 'process');
    if (!('image' in outcome)) throw new Error('An image worker answered a registration with something else.');
    // Buffers arrive from the worker as plain Uint8Arrays.
    const { derivative, c2paManifestStore: store } = outcome.image;
    return {
      ...outcome.image,
      derivative: Buffer.from(derivative.buffer, derivative.byteOffset, derivative.byteLength),
      c2paManifestStore: store && Buffer.from(store.buffer, store.byteOffset, store.byteLength),
    };
  }

  /** Only what a lookup compares (fingerprintImage), on a worker: the same queue and refusals. */
  async fingerprint(bytes: Buffer): Promise<ImageFingerprint> {
    const outcome = await this.#job(bytes, 'fingerprint');
    if (!('fingerprint' in outcome)) throw new Error('An image worker answered a lookup with something else.');
    return outcome.fingerprint;
  }

  /** Waits for a worker, runs the job on it, and tells the observer; a refusal is thrown. */
  async #job(bytes: Buffer, job: ProcessTask['job']): Promise<ProcessOutcome> {
    const queuedAt = performance.now();
    await this.#acquire();
    const startedAt = performance.now();
    this.observer?.waited((startedAt - queuedAt) / 1000);
    let outcome: ImageJobOutcome = 'failed';
    try {
      const done = await this.#run(bytes, job);
      outcome = 'processed';
      return done;
    } catch (err) {
      if (err instanceof ImageRejectedError) outcome = 'rejected';
      else if (err instanceof ImageBusyError) outcome = 'busy';
      throw err;
    } finally {
      this.observer?.ran((performance.now() - startedAt) / 1000, outcome);
      this.#release();
    }
  }

  /** One of the client's places, or ImageBusyError('client') when it holds them all. */
  claim(client: string): ClientPlace {
    const held = this.#held.get(client) ?? 0;
    if (held >= this.#settings.perClient) {
      this.observer?.refused('client_share');
      throw new ImageBusyError('client');
    }
    this.#held.set(client, held + 1);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        const left = (this.#held.get(client) ?? 1) - 1;
        if (left > 0) this.#held.set(client, left);
        else this.#held.delete(client);
      },
    };
  }

  #acquire(): Promise<void> {
    if (this.#closed) return this.#refuse('closing');
    if (this.#running < this.#settings.workers) {
      this.#running += 1;
      return Promise.resolve();
    }
    if (this.#waiting.length >= this.#settings.queueMax) return this.#refuse('queue_full');
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        timer: setTimeout(() => {
          const index = this.#waiting.indexOf(waiter);
          if (index >= 0) this.#waiting.splice(index, 1);
          this.observer?.refused('wait_timeout');
          reject(new ImageBusyError());
        }, this.#settings.jobTimeoutMs).unref(),
      };
      this.#waiting.push(waiter);
    });
  }

  #refuse(reason: ImageRefusal): Promise<never> {
    this.observer?.refused(reason);
    return Promise.reject(new ImageBusyError());
  }

  /** Hands the worker slot straight to the next waiting job, if any. */
  #release(): void {
    const next = this.#waiting.shift();
    if (next) {
      clearTimeout(next.timer);
      next.resolve();
    } else {
      this.#running -= 1;
      if (this.#running === 0) this.#idleSince = performance.now();
    }
  }

  async #run(bytes: Buffer, job: ProcessTask['job']): Promise<ProcessOutcome> {
    const id = this.#nextJobId++;
    const abort = new AbortController();
    let started = false;
    // First the wait for the worker to take the job (it may still be starting), then the job.
    let timer = setTimeout(() => abort.abort(), IMAGE_WORKER_START_TIMEOUT_MS).unref();
    let cpu: CpuWatch | undefined;
    this.#onStart.set(id, () => {
      started = true;
      cpu = watchOtherThreadsCpu();
      clearTimeout(timer);
      timer = setTimeout(() => abort.abort(), this.#settings.jobTimeoutMs).unref();
    });
    // One copy, moved to the worker rather than copied again; the caller keeps `bytes`.
    const copy = new Uint8Array(bytes);
    let outcome: ProcessOutcome;
    try {
      outcome = await this.#threads.run({ id, bytes: copy, job }, { transferList: [copy.buffer], signal: abort.signal });
    } catch (err) {
      if (this.#closed || (abort.signal.aborted && !started)) throw new ImageBusyError();
      // Out of time without having had the CPU: the server was busy, not the image at fault.
      if (abort.signal.aborted && cpu?.starved()) throw new ImageBusyError();
      const outOfMemory = (err as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY';
      if (abort.signal.aborted || outOfMemory) throw new ImageRejectedError('image_not_processed', { cause: err });
      throw err;
    } finally {
      clearTimeout(timer);
      this.#onStart.delete(id);
    }
    if (!outcome.ok) throw new ImageRejectedError(outcome.code);
    return outcome;
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const waiter of this.#waiting.splice(0)) {
      clearTimeout(waiter.timer);
      waiter.reject(new ImageBusyError());
    }
    await this.#threads.destroy();
  }
}

// One pool per settings object (one per app): created at its first job, closed with the app.
const pools = new WeakMap<ImagePoolSettings, ImagePool>();
const observers = new WeakMap<ImagePoolSettings, ImagePoolObserver>();

function poolFor(settings: ImagePoolSettings): ImagePool {
  let pool = pools.get(settings);
  if (!pool) {
    pool = new ImagePool(settings);
    pool.observer = observers.get(settings);
    pools.set(settings, pool);
  }
  return pool;
}

/** processImage, run on a worker thread of the pool these settings describe. */
export function processImageOffThread(bytes: Buffer, settings: ImagePoolSettings): Promise<ProcessedImage> {
  return poolFor(settings).process(bytes);
}

/** fingerprintImage on a worker of the pool these settings describe, as processImageOffThread. */
export function fingerprintImageOffThread(bytes: Buffer, settings: ImagePoolSettings): Promise<ImageFingerprint> {
  return poolFor(settings).fingerprint(bytes);
}

/**
 * Claims one of `client`'s places (its address key, server/http/client-address.ts) for a request
 * that will read and process an image: claimed before the body is read, released when the
 * request is done with it. Throws ImageBusyError('client') (429) when the client holds them all.
 */
export function claimImagePlace(settings: ImagePoolSettings, client: string): ClientPlace {
  return poolFor(settings).claim(client);
}

/**
 * Lets `observer` hear the events of the pool these settings describe (one per app), from now on
 * and for a pool made later; `load` reads its queue. The pool is not started by either.
 */
export function observeImagePool(settings: ImagePoolSettings, observer: ImagePoolObserver): () => ImagePoolLoad {
  observers.set(settings, observer);
  const existing = pools.get(settings);
  if (existing) existing.observer = observer;
  return () => pools.get(settings)?.load ?? { running: 0, waiting: 0, workers: settings.workers, queueMax: settings.queueMax };
}

/**
 * Milliseconds since the pool these settings describe last had an image to process (0 while one
 * runs or waits; Infinity when it never had one): background work waits for registrations by it.
 */
export function imageWorkIdleForMs(settings: ImagePoolSettings): number {
  return pools.get(settings)?.idleForMs ?? Number.POSITIVE_INFINITY;
}

/** Stops the pool's workers; jobs still waiting are refused as busy. */
export async function closeImagePool(settings: ImagePoolSettings): Promise<void> {
  const pool = pools.get(settings);
  pools.delete(settings);
  await pool?.close();
}
