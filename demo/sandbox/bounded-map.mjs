// A Map that keeps at most `limit` entries: adding a new key to a full map drops the
// oldest entry (insertion order), so a long-running sandbox keeps a bounded memory.
export class BoundedMap extends Map {
  constructor(limit) {
    super();
    if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`limit must be a whole number >= 1, got ${limit}`);
    this.limit = limit;
  }

  set(key, value) {
    if (!this.has(key) && this.size >= this.limit) this.delete(this.keys().next().value);
    return super.set(key, value);
  }
}
