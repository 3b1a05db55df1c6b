// A binary min-heap of (expiry, id): the memory replay store's eviction order whatever the
// TTLs, so the soonest expiry is always known in O(1) and removed in O(log n).

export class ExpiryHeap {
  // Two parallel arrays rather than one of objects: packed doubles, no allocation per entry.
  private readonly times: number[] = [];
  private readonly ids: string[] = [];

  get size(): number {
    return this.times.length;
  }

  /** The soonest expiry, or Infinity when empty. */
  get soonest(): number {
    return this.times.length ? this.times[0]! : Infinity;
  }

  get soonestId(): string | undefined {
    return this.ids[0];
  }

  push(time: number, id: string): void {
    let i = this.times.length;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.times[parent]! <= time) break;
      this.times[i] = this.times[parent]!;
      this.ids[i] = this.ids[parent]!;
      i = parent;
    }
    this.times[i] = time;
    this.ids[i] = id;
  }

  /** Removes the soonest entry. */
  pop(): void {
    const time = this.times.pop()!;
    const id = this.ids.pop()!;
    const n = this.times.length;
    if (n === 0) return;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      if (child + 1 < n && this.times[child + 1]! < this.times[child]!) child++;
      if (this.times[child]! >= time) break;
      this.times[i] = this.times[child]!;
      this.ids[i] = this.ids[child]!;
      i = child;
    }
    this.times[i] = time;
    this.ids[i] = id;
  }
}
