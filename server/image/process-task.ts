// What an image worker thread runs: processImage (a registration) or fingerprintImage (a lookup)
// on bytes sent from the main thread. Error classes do not survive the trip between threads, so
// a refusal comes back as its code.
import { isMainThread, parentPort } from 'node:worker_threads';
import { IMAGE_WORKER_THREAD_NAME, nameThisThread } from '../thread-priority';
import { ImageRejectedError, type ImageRejectionCode } from './errors';
import { fingerprintImage, type ImageFingerprint } from './fingerprint';
import { processImage } from './process';
import type { ProcessedImage } from './types';

export interface ProcessTask {
  /** Names the job in the "started" message. */
  id: number;
  bytes: Uint8Array;
  /** 'process': everything a registration keeps; 'fingerprint': only what a lookup compares. */
  job: 'process' | 'fingerprint';
}

export type ProcessOutcome =
  { ok: true; image: ProcessedImage } | { ok: true; fingerprint: ImageFingerprint } | { ok: false; code: ImageRejectionCode };

/** Sent to the pool when a worker takes a job: the job's time limit counts from here. */
export interface JobStartedMessage {
  imageJobStarted: number;
}

// Named, so the server can tell its image workers from its other threads (thread-priority.ts).
if (!isMainThread) nameThisThread(IMAGE_WORKER_THREAD_NAME);

export async function runProcessTask({ id, bytes, job }: ProcessTask): Promise<ProcessOutcome> {
  parentPort?.postMessage({ imageJobStarted: id } satisfies JobStartedMessage);
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    if (job === 'fingerprint') return { ok: true, fingerprint: await fingerprintImage(file) };
    return { ok: true, image: await processImage(file) };
  } catch (err) {
    if (err instanceof ImageRejectedError) return { ok: false, code: err.code };
    throw err;
  }
}
