/**
 * A pure calculation's answers remembered for one day: each under a slot (what it is about) with the full text of
 * its input, so an answer is reused only for exactly the same input on the same day. A new day, or more slots than
 * the capacity, starts afresh (the memory stays bounded on any book).
 */
export class DayMemo<V> {
  private day: string | null = null;
  private readonly entries = new Map<string, { input: string; value: V }>();

  constructor(private readonly capacity = 100_000) {}

  /** The answer remembered for this slot and input today, else `compute()`'s, remembered. */
  answer(day: string, slot: string, input: string, compute: () => V): V {
    if (day !== this.day) {
      this.entries.clear();
      this.day = day;
    }
    const known = this.entries.get(slot);
    if (known && known.input === input) return known.value;
    const value = compute();
    if (!known && this.entries.size >= this.capacity) this.entries.clear();
    this.entries.set(slot, { input, value });
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
}
