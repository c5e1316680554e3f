// A clock the test moves by hand, given to the app as deps.now: cached ledger lists may be
// served LEDGER_LIST_STALE_SECONDS after a registration, and tests step past that bound
// instead of sleeping.
import { LEDGER_LIST_STALE_SECONDS } from '../../../core/constants';

export class TestClock {
  constructor(private at: number = Date.now()) {}

  /** For createTestApp({ now }). */
  readonly now = (): Date => new Date(this.at);

  /** Moves past the time a cached list may be served after a registration. */
  passListStaleBound(): void {
    this.at += LEDGER_LIST_STALE_SECONDS * 1000 + 1;
  }
}
