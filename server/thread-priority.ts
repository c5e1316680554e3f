// Under a stream of uploads the image work (libvips, on libuv's thread pool and its own threads,
// and the pool's worker threads) competed for the CPU as equals with the one thread that answers
// every HTTP request, and reads slowed to a third. Linux schedules threads, not processes, so
// every thread of this process but that one is given a lower priority (a higher niceness): when
// the CPU is short, answers come first and image work takes what is left; when it is not, nothing
// changes. Threads started later by a lowered thread inherit its niceness; ones started by the
// HTTP thread (an image worker replaced after a timeout) are lowered at the next pass.
//
// The image threads (the pool's workers, libvips's, and libuv's pool, where sharp runs its
// pipelines) were once idle threads (SCHED_IDLE, decision 0045): while reads or other programs
// kept the CPU busy, registrations got nothing (0.06-0.20 of their quiet rate, issue 38). A
// niceness gives them a share the scheduler keeps (decision 0078): on a core where the HTTP thread
// at the process's niceness is busy, each runnable background thread gets its weight's part of
// it, so reads come first but never take all of it. One niceness for every background thread,
// because a thread starts with its creator's (libvips's threads start from libuv's) and a process
// without the privilege to do so may raise a thread's niceness but never lower it again.
import fs from 'node:fs';
import os from 'node:os';
import type { AppConfig } from './config';

/** How often threads started since are looked for. */
const PASS_INTERVAL_MS = 5_000;

/** What the image pool's worker threads call themselves (nameThisThread). */
export const IMAGE_WORKER_THREAD_NAME = 'image worker';

export interface ThreadState {
  name: string;
  nice: number;
  policy: number;
}

/**
 * A thread's /proc stat file: its name, and the fields after the name, which is in parentheses
 * and may hold spaces; `fields[0]` is field 3 of proc(5) (the state).
 */
export function readThreadStat(statPath: string): { name: string; fields: string[] } {
  const stat = fs.readFileSync(statPath, 'utf8');
  return { name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), fields: stat.slice(stat.lastIndexOf(')') + 2).split(' ') };
}

/** Name, niceness and scheduling policy of one of this process's threads, from /proc. */
export function threadState(tid: number | string): ThreadState {
  const { name, fields } = readThreadStat(`/proc/self/task/${tid}/stat`);
  return { name, nice: Number(fields[16]), policy: Number(fields[38]) };
}

/** Names the calling thread, as ps and top show it (Linux; elsewhere nothing happens). */
export function nameThisThread(name: string): void {
  try {
    fs.writeFileSync('/proc/thread-self/comm', name.slice(0, 15));
  } catch {
    // Not Linux, or no /proc: the name is only for people and this module.
  }
}

/** The ids of this process's threads but the main one. */
function backgroundThreadIds(): number[] {
  return fs
    .readdirSync('/proc/self/task')
    .map(Number)
    .filter((tid) => Number.isInteger(tid) && tid !== process.pid);
}

/** The highest niceness Linux knows (the lowest priority). */
const MAX_NICE = 19;

/**
 * The niceness background threads get: `steps` below the main thread's, which is the process's own
 * (so a server started with `nice` keeps its threads apart too), at most 19.
 */
export function backgroundNiceness(steps: number): number {
  return Math.min(MAX_NICE, os.getPriority(process.pid) + steps);
}

/**
 * Sets every thread of this process except the main one `steps` of niceness below the main thread;
 * returns how many it set.
 */
export function lowerBackgroundThreads(steps: number): number {
  const nice = backgroundNiceness(steps);
  let lowered = 0;
  for (const tid of backgroundThreadIds()) {
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

/**
 * Keeps the server's threads as its configuration says (main.ts): every thread but the main one
 * BACKGROUND_THREAD_NICE below it, the image threads among them, under the normal policy, until
 * the returned function is called; does nothing off Linux, or for 0.
 */
export function keepThreadPriorities(config: Pick<AppConfig, 'backgroundThreadNice'>): () => void {
  const steps = config.backgroundThreadNice;
  if (process.platform !== 'linux' || steps === 0) return () => undefined;
  const pass = () => lowerBackgroundThreads(steps);
  // libuv starts its whole thread pool on first use: use it now, so its threads exist to be lowered.
  fs.stat('.', pass);
  // This process's own threads: per process by nature, so a timer and not a queue job (decision 0065).
  const timer = setInterval(pass, PASS_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
