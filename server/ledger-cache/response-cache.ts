// Built read responses kept for reuse, bounded by total bytes; least recently used entries go
// first. Whether a kept answer may still be served is the caller's rule (cached-answers.ts).

export interface CachedResponse {
  /** UTF-8: hashed, compressed and sent as these bytes, never encoded again. */
  body: Buffer;
  etag: string;
  contentType: string;
}

export class ResponseCache<T extends CachedResponse = CachedResponse> {
  private readonly entries = new Map<string, T>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): T | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      // Re-insert: a Map iterates in insertion order, so the oldest key is the least recently used.
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, value: T): void {
    const size = value.body.length;
    if (size > this.maxBytes / 4) return; // one huge body must not flush everything else
    this.remove(key);
    this.entries.set(key, value);
    this.bytes += size;
    for (const [oldest] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.body.length;
  }
}
