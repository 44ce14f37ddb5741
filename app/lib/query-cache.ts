/**
 * A small least-recently-used cache: the header preview and the home dropdown keep the answers of their last
 * 10 queries (spec section 7), so typing back to an earlier query shows its results at once.
 */
export class QueryCache<V> {
  private readonly entries = new Map<string, V>();

  constructor(readonly capacity = 10) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError("capacity must be a positive whole number");
  }

  get size(): number {
    return this.entries.size;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** The cached value, which also becomes the most recently used. */
  get(key: string): V | undefined {
    if (!this.entries.has(key)) return undefined;
    const value = this.entries.get(key) as V;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** Stores a value; the least recently used entry goes when the cache is full. */
  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  keys(): string[] {
    return [...this.entries.keys()];
  }

  clear(): void {
    this.entries.clear();
  }
}
