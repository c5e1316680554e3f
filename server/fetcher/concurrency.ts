// Slots for fetches under way: one budget for the whole process and one per host, so many link
// checks at once neither flood one site nor open an unbounded number of connections.

type Release = () => void;

export class Slots {
  private inUse = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly size: number) {}

  get busy(): number {
    return this.inUse;
  }

  get idle(): boolean {
    return this.inUse === 0 && this.waiting.length === 0;
  }

  /** Waits for a free slot; the returned function gives it back (once). */
  async acquire(): Promise<Release> {
    if (this.inUse < this.size) this.inUse++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // The slot passes straight to the next waiter, so a newcomer cannot overtake it.
      const next = this.waiting.shift();
      if (next) next();
      else this.inUse--;
    };
  }
}

/** Slots per key (a host name), dropped when idle so the map does not grow with every host. */
export class KeyedSlots {
  private readonly byKey = new Map<string, Slots>();

  constructor(private readonly size: number) {}

  async acquire(key: string): Promise<Release> {
    let slots = this.byKey.get(key);
    if (!slots) {
      slots = new Slots(this.size);
      this.byKey.set(key, slots);
    }
    const release = await slots.acquire();
    const held = slots;
    return () => {
      release();
      if (held.idle && this.byKey.get(key) === held) this.byKey.delete(key);
    };
  }
}
