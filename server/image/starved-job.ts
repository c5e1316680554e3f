// A job that reaches its time limit is refused as not processable (422) when it ran that long,
// but as busy (503, try again) when it hardly ran. The image threads keep a share of the CPU
// against this process's HTTP thread (a niceness, thread-priority.ts), but a machine crowded by
// other programs, or a container's spent CPU quota, can still hold a job back for as long as that
// lasts, and the image is not to blame.
import { readThreadStat } from '../thread-priority';

/** Less CPU than this share of the wall time, on the process's other threads, means starved. */
const STARVED_CPU_SHARE = 0.1;
/** Linux counts a thread's CPU time in ticks of 10 ms: shorter waits are not judged. */
const SHORTEST_JUDGED_MS = 1_000;
const MS_PER_TICK = 10;

/** CPU time (ms) used so far by this process's threads other than the calling one; undefined where unknown. */
function otherThreadsCpuMs(): number | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const usage = process.cpuUsage();
    // utime and stime are fields 14 and 15.
    const { fields } = readThreadStat('/proc/thread-self/stat');
    return (usage.user + usage.system) / 1000 - (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
  } catch {
    return undefined;
  }
}

export interface CpuWatch {
  /** Whether the other threads got less than STARVED_CPU_SHARE of the time since the watch began. */
  starved(): boolean;
}

/** Watches, from now, the CPU the calling thread's siblings get. Never says starved where it cannot tell. */
export function watchOtherThreadsCpu(): CpuWatch {
  const startedMs = performance.now();
  const startCpu = otherThreadsCpuMs();
  return {
    starved() {
      const elapsedMs = performance.now() - startedMs;
      const cpu = otherThreadsCpuMs();
      if (startCpu === undefined || cpu === undefined || elapsedMs < SHORTEST_JUDGED_MS) return false;
      return cpu - startCpu < STARVED_CPU_SHARE * elapsedMs;
    },
  };
}
