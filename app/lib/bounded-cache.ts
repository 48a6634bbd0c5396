/**
 * A map that keeps at most `max` entries, dropping the one used longest ago: for what a process
 * may remember to save work (a checked cookie, a drawn chart) without growing with its traffic.
 */
export class BoundedCache<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly max: number) {}

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    // Used now: to the back of the line.
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, value);
  }

  get size(): number {
    return this.entries.size;
  }
}
