// Registrations keep a share of the machine while reads saturate it, and the reads keep theirs
// (issue 38, decision 0082). Most of a registration's work runs outside the HTTP thread (image
// threads, PostgreSQL's writes to a dozen indexes), and on a small machine any such work slows that
// thread's every instruction: no thread priority helps (a CPU burner at niceness 19 alone cost
// saturating reads a quarter). With eight clients registering, page-1 reads kept a third of their
// quiet rate. So while the HTTP thread is saturated, only a few registration steps (an upload, a
// submission, a batch) are worked on at once and the others wait their turn, in order: reads come
// first, but a registration is always under way, so none starves. Once the thread has room again,
// everyone waiting goes. A fixed number of turns is not a share, though: two turns carried about
// 15 registrations a second under saturating reads whatever the registrations got alone (0.28 of
// their quiet rate on a faster machine). So more start when the turns do not carry a share of the
// registrations' quiet rate (decision 0083).
import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import { appError } from '../../core/app-error';
import { MESSAGES } from '../../core/messages';
import { QuietStepRate } from './quiet-step-rate';

const REGISTRATIONS_BUSY_RETRY_AFTER_SECONDS = 5;

/**
 * The HTTP thread's busy share over one sample at or above which it counts as saturated. A
 * saturating read load keeps it at 0.95-1.0; the same reads beside registrations at 0.8-0.95
 * (the thread waits for the database more); registrations alone at 0.4-0.77 (measured at a
 * million works, 2 cores), which must not be slowed.
 */
export const SATURATED_UTILIZATION = 0.8;
/** How long one sample is: short enough that pacing follows a load within a quarter second. */
export const SAMPLE_MS = 250;
/**
 * While the thread is saturated, registration steps may start at this share of the most steps a
 * second they finished with room (quiet-step-rate.ts), spread out over the second, even beyond
 * the turns: registrations keep at least 0.3 of their quiet rate (issue 38). The best quiet
 * second is above their mean quiet rate, which leaves room for a window's noise; anything more
 * is taken from the reads.
 */
export const REGISTRATION_SHARE_WHEN_BUSY = 0.3;

export interface WritePacerOptions {
  /**
   * Registration steps always worked on at once while the HTTP thread is saturated (more start
   * when these do not carry the registrations' share); 0: never paced.
   */
  concurrentWhenBusy: number;
  /** Steps that may wait; one more is refused (WritePacerFullError; the route answers 503). */
  maxWaiting: number;
  /** The thread's busy share since the last call (tests give their own). */
  utilization?: () => number;
  /** Milliseconds on a steady clock (tests give their own). */
  now?: () => number;
  observer?: WritePacerObserver;
}

/** Told of each step's wait for its turn (0 when it went at once) and of each refusal. */
export interface WritePacerObserver {
  waited(seconds: number): void;
  refused(): void;
}

export class WritePacerFullError extends Error {}

/** The event loop's utilisation since the previous call. */
function eventLoopUtilizationSinceLastCall(): () => number {
  let last: EventLoopUtilization = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const since = performance.eventLoopUtilization(now, last).utilization;
    last = now;
    return since;
  };
}

/**
 * Starts a second at a given rate, spread out: the allowance grows continuously and holds at most
 * a sample's worth, so a saturated server never sees a burst of registration steps start at once.
 */
class StartAllowance {
  private allowance = 0;

  constructor(private at: number) {}

  /** The allowance at `now`, grown at `perSecond` since the last call. */
  refill(now: number, perSecond: number): number {
    const most = perSecond > 0 ? Math.max(1, (perSecond * SAMPLE_MS) / 1000) : 0;
    this.allowance = Math.min(most, this.allowance + ((now - this.at) / 1000) * perSecond);
    this.at = now;
    return this.allowance;
  }

  spend(): void {
    this.allowance = Math.max(0, this.allowance - 1);
  }
}

export class WritePacer {
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];
  private saturated = false;
  private readonly utilization: () => number;
  private readonly now: () => number;
  private readonly quietRate: QuietStepRate;
  private readonly shareAllowance: StartAllowance;
  private readonly timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: WritePacerOptions) {
    this.utilization = options.utilization ?? eventLoopUtilizationSinceLastCall();
    this.now = options.now ?? (() => performance.now());
    this.quietRate = new QuietStepRate(this.now());
    this.shareAllowance = new StartAllowance(this.now());
    if (options.concurrentWhenBusy === 0) return;
    this.timer = setInterval(() => this.sample(), SAMPLE_MS);
    this.timer.unref();
  }

  /** Steps waiting for their turn. */
  get waitingCount(): number {
    return this.waiting.length;
  }

  /** Takes one sample of the thread's utilisation; let in whoever may go now. */
  sample(): void {
    this.saturated = this.utilization() >= SATURATED_UTILIZATION;
    this.quietRate.sample(this.now(), this.saturated);
    this.admitWaiting();
  }

  /** Steps a second that may start while the thread is saturated, the turns' included; past it only the turns go. */
  get shareWhenBusy(): number {
    return REGISTRATION_SHARE_WHEN_BUSY * this.quietRate.stepsPerSecond(this.now());
  }

  /** Starts a step if it may start now: always with room, else in a turn or within the share. */
  private tryStart(): boolean {
    const { concurrentWhenBusy } = this.options;
    const now = this.now();
    const allowance = this.shareAllowance.refill(now, this.shareWhenBusy);
    const paced = concurrentWhenBusy !== 0 && this.saturated;
    if (paced && this.inFlight >= concurrentWhenBusy && allowance < 1) return false;
    // Every step started while paced spends from the share, the turns' too: the share is of all starts.
    if (paced) this.shareAllowance.spend();
    this.inFlight++;
    return true;
  }

  private admitWaiting(): void {
    while (this.waiting.length > 0 && this.tryStart()) this.waiting.shift()!();
  }

  /**
   * Waits for this step's turn and returns the function that ends it (call it once the step is
   * done, whatever happened). Throws WritePacerFullError at once when maxWaiting steps wait.
   */
  async enter(): Promise<() => void> {
    const { observer, maxWaiting } = this.options;
    if (this.waiting.length === 0 && this.tryStart()) {
      observer?.waited(0);
    } else {
      if (this.waiting.length >= maxWaiting) {
        observer?.refused();
        throw new WritePacerFullError();
      }
      const queuedAt = performance.now();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
      observer?.waited((performance.now() - queuedAt) / 1000);
    }
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.inFlight--;
      this.quietRate.finished();
      this.admitWaiting();
    };
  }

  close(): void {
    clearInterval(this.timer);
  }
}

/**
 * Registration steps that may wait for their turn; one more is refused with 503. A waiting upload
 * holds its file (at most 10 MB), so no more may wait than images may wait for a worker
 * (IMAGE_QUEUE_MAX's default). Two at once got about 28 steps a second through under saturating
 * reads at a million works (2 cores): the last of 16 waits about half a second.
 */
export const REGISTRATION_STEPS_WAITING_MAX = 16;

/** The refusal when too many registration steps wait already: 503, try again in a few seconds. */
function registrationsBusy(error: unknown): never {
  if (!(error instanceof WritePacerFullError)) throw error;
  throw appError('busy', MESSAGES.registrationsBusy.description, {
    title: MESSAGES.registrationsBusy.title,
    headers: { 'Retry-After': String(REGISTRATIONS_BUSY_RETRY_AFTER_SECONDS) },
  });
}

/** Runs one registration step in its turn (refused with 503 when too many wait). */
export async function pacedStep<T>(pacer: WritePacer, step: () => Promise<T>): Promise<T> {
  const endTurn = await pacer.enter().catch(registrationsBusy);
  try {
    return await step();
  } finally {
    endTurn();
  }
}
