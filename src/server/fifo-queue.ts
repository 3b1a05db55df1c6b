// A first-in, first-out queue whose shift() is O(1): Array#shift on a long array can cost O(n),
// and a flood of tokens queues thousands of jobs (rsa-workers.ts).
export class FifoQueue<T> {
  #items: (T | undefined)[] = [];
  #head = 0; // #items[#head] is the next out

  get size(): number {
    return this.#items.length - this.#head;
  }

  push(item: T): void {
    this.#items.push(item);
  }

  shift(): T | undefined {
    if (this.#head === this.#items.length) return undefined;
    const item = this.#items[this.#head];
    this.#items[this.#head++] = undefined; // not kept alive by the queue
    if (this.#head === this.#items.length) {
      this.#items = [];
      this.#head = 0;
    } else if (this.#head > 1024 && this.#head * 2 > this.#items.length) {
      this.#items.splice(0, this.#head);
      this.#head = 0;
    }
    return item;
  }
}
