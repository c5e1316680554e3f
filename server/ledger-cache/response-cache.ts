// Built read responses kept for reuse, bounded by total bytes; least recently used entries go
// first. Whether a kept answer may still be served is the caller's rule (cached-answers.ts). What
// an entry gains once kept (its compressed forms, made as requests ask for them) is counted too.

export interface CachedResponse {
  /** UTF-8: hashed, compressed and sent as these bytes, never encoded again. */
  body: Buffer;
  etag: string;
  contentType: string;
}

export class ResponseCache<T extends CachedResponse = CachedResponse> {
  private readonly entries = new Map<string, T>();
  /** Bytes each entry holds: its body, and whatever it gained since (grow). */
  private readonly held = new Map<string, number>();
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
    this.held.set(key, size);
    this.bytes += size;
    this.evictOverBudget();
  }

  /** `value`, kept under `key`, now holds `bytes` more; nothing is counted once it was replaced or dropped. */
  grow(key: string, value: T, bytes: number): void {
    if (this.entries.get(key) !== value) return;
    this.held.set(key, (this.held.get(key) ?? 0) + bytes);
    this.bytes += bytes;
    this.evictOverBudget();
  }

  /** Bytes held by every entry. */
  get heldBytes(): number {
    return this.bytes;
  }

  private evictOverBudget(): void {
    for (const [oldest] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  private remove(key: string): void {
    if (!this.entries.delete(key)) return;
    this.bytes -= this.held.get(key) ?? 0;
    this.held.delete(key);
  }
}
