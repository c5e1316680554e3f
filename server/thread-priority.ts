// Under a stream of uploads the image work (libvips, on libuv's thread pool and its own threads,
// and the pool's worker threads) competed for the CPU as equals with the one thread that answers
// every HTTP request, and reads slowed to a third. Linux schedules threads, not processes, so
// every thread of this process but that one is given a lower priority (a higher niceness): when
// the CPU is short, answers come first and image work takes what is left; when it is not, nothing
// changes. Threads started later by a lowered thread inherit its niceness; ones started by the
// HTTP thread (an image worker replaced after a timeout) are lowered at the next pass.
import fs from 'node:fs';
import os from 'node:os';

/** How often threads started since are looked for. */
const PASS_INTERVAL_MS = 5_000;

/** Sets every thread of this process except the main one to `nice`; returns how many it set. */
export function lowerBackgroundThreads(nice: number): number {
  let lowered = 0;
  for (const entry of fs.readdirSync('/proc/self/task')) {
    const tid = Number(entry);
    // The main thread's id is the process id.
    if (!Number.isInteger(tid) || tid === process.pid) continue;
    try {
      if (os.getPriority(tid) === nice) continue;
      os.setPriority(tid, nice);
      lowered++;
    } catch {
      // The thread ended meanwhile.
    }
  }
  return lowered;
}

/** Keeps the background threads at `nice` until the returned function is called; does nothing off Linux or for 0. */
export function keepBackgroundThreadsLowered(nice: number): () => void {
  if (process.platform !== 'linux' || nice === 0) return () => undefined;
  // libuv starts its whole thread pool on first use: use it now, so its threads exist to be lowered.
  fs.stat('.', () => {
    lowerBackgroundThreads(nice);
  });
  const timer = setInterval(() => lowerBackgroundThreads(nice), PASS_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
