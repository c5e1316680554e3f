// Under a stream of uploads the image work (libvips, on libuv's thread pool and its own threads,
// and the pool's worker threads) competed for the CPU as equals with the one thread that answers
// every HTTP request, and reads slowed to a third. Linux schedules threads, not processes, so
// every thread of this process but that one is given a lower priority (a higher niceness): when
// the CPU is short, answers come first and image work takes what is left; when it is not, nothing
// changes. Threads started later by a lowered thread inherit its niceness; ones started by the
// HTTP thread (an image worker replaced after a timeout) are lowered at the next pass.
//
// A niceness lowers a thread's share, but a busy image thread still kept a core for the rest of
// its time slice when a request came in. The image threads themselves (the pool's workers, which
// name themselves, and libvips's) are therefore also made idle threads (SCHED_IDLE, decision
// 0045): any other thread that wakes up takes the core from them at once. They run whenever a
// core is free; the image pool tells a job that timed out for want of CPU (image-pool.ts) from
// one that ran too long.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

/** How often threads started since are looked for. */
const PASS_INTERVAL_MS = 5_000;

/** What the image pool's worker threads call themselves (nameThisThread). */
export const IMAGE_WORKER_THREAD_NAME = 'image worker';
/** Threads whose work may always wait: the image workers and the threads libvips starts. */
const IDLE_THREAD_NAMES: ReadonlySet<string> = new Set([IMAGE_WORKER_THREAD_NAME, 'libvips worker']);
/** Linux's number for the SCHED_IDLE policy, as /proc shows it. */
const SCHED_IDLE = 5;

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

/** Threads given the idle policy, or being given it; a thread id may be reused, so it is checked again after. */
const idling = new Set<number>();
/** Set when chrt is missing or may not change this process's threads: then no more tries. */
let chrtUnusable = false;

function giveUpOnChrt(reason: string): void {
  if (chrtUnusable) return;
  chrtUnusable = true;
  console.warn(`Image threads keep BACKGROUND_THREAD_NICE instead of idling: ${reason}`);
}

/**
 * Makes the image threads idle threads, with `chrt` (util-linux; Node.js has no call for it).
 * Resolves with how many it changed. When chrt is missing or refused (a thread that ended
 * meanwhile aside), it warns once, stops trying, and the threads keep their niceness.
 */
export async function idleImageThreads(): Promise<number> {
  if (chrtUnusable) return 0;
  const changes: Promise<boolean>[] = [];
  for (const tid of backgroundThreadIds()) {
    let state: ThreadState;
    try {
      state = threadState(tid);
    } catch {
      continue; // ended meanwhile
    }
    if (!IDLE_THREAD_NAMES.has(state.name) || state.policy === SCHED_IDLE || idling.has(tid)) continue;
    idling.add(tid);
    changes.push(
      new Promise((resolve) =>
        execFile('chrt', ['--idle', '--pid', '0', String(tid)], (err, _stdout, stderr) => {
          idling.delete(tid);
          if ((err as NodeJS.ErrnoException | null)?.code === 'ENOENT') giveUpOnChrt('chrt (util-linux) was not found.');
          else if (err && fs.existsSync(`/proc/self/task/${tid}`)) giveUpOnChrt(`chrt failed: ${stderr.trim() || err.message}`);
          resolve(!err);
        }),
      ),
    );
  }
  return (await Promise.all(changes)).filter(Boolean).length;
}

/**
 * Keeps the background threads `steps` of niceness below the main thread, and the image threads
 * idle when `idleImageWork` is set, until the returned function is called; does nothing off
 * Linux, or for 0 and false.
 */
export function keepBackgroundThreadsLowered(steps: number, idleImageWork = false): () => void {
  if (process.platform !== 'linux' || (steps === 0 && !idleImageWork)) return () => undefined;
  const pass = () => {
    if (steps !== 0) lowerBackgroundThreads(steps);
    if (idleImageWork) void idleImageThreads();
  };
  // libuv starts its whole thread pool on first use: use it now, so its threads exist to be lowered.
  fs.stat('.', pass);
  const timer = setInterval(pass, PASS_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
