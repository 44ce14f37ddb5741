/**
 * A least-recently-used map bounded both by entry count and by bytes (each value says what it weighs). Map
 * order is insertion order, refreshed on every hit, so the first key is always the least recently used.
 */
export class ByteLru<V extends { bytes: number }> {
  private readonly entries = new Map<string, V>();
  private total = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
  ) {}

  /** The value, marked as just used. */
  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: V): void {
    this.delete(key);
    this.entries.set(key, value);
    this.total += value.bytes;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries && this.total <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const value = this.entries.get(key);
    if (value === undefined) return;
    this.entries.delete(key);
    this.total -= value.bytes;
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.total;
  }
}
