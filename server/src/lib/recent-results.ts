/** Results by key, at most `capacity`, the least recently used dropped first. */
export class RecentResults<T> {
  private entries = new Map<string, Promise<T>>();
  /** How many times a result was loaded rather than found (tests check the cache is used). */
  loads = 0;

  constructor(private readonly capacity: number) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    const found = this.entries.get(key);
    if (found) {
      // Most recently used last, so the oldest is the first to go.
      this.entries.delete(key);
      this.entries.set(key, found);
      return found;
    }
    this.loads++;
    const loading = load();
    const entries = this.entries;
    entries.set(key, loading);
    // A failure is not kept; nor is a load begun before a clear() (that went to the old map).
    loading.catch(() => {
      if (entries.get(key) === loading) entries.delete(key);
    });
    if (entries.size > this.capacity) entries.delete(entries.keys().next().value!);
    return loading;
  }

  /** Whether a result is kept (or loading) for `key`, without counting as a use. */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  clear() {
    this.entries = new Map();
  }
}
