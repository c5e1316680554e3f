// Shares one database read among the requests that want it at the same moment, without ever
// giving a request a value read before it arrived. A read already under way may have begun
// before a change the newcomer has seen committed (a registration whose 201 it just got), so the
// newcomer waits for the next read instead, which starts as soon as the current one ends and
// serves everyone who arrived meanwhile. So however many requests come at once, at most two
// reads are in flight, and each request's value is at least as new as the request.
export class FreshReads<T> {
  private current: Promise<T> | null = null;
  private next: Promise<T> | null = null;

  constructor(private readonly load: () => Promise<T>) {}

  read(): Promise<T> {
    if (!this.current) return this.start();
    this.next ??= this.current.then(
      () => this.startQueued(),
      () => this.startQueued(),
    );
    return this.next;
  }

  private startQueued(): Promise<T> {
    this.next = null;
    return this.start();
  }

  private start(): Promise<T> {
    const reading = this.load();
    this.current = reading;
    const clear = () => {
      if (this.current === reading) this.current = null;
    };
    reading.then(clear, clear);
    return reading;
  }
}
