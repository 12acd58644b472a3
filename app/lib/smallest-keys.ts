// The `want` smallest of `n` numbers offered one by one (the search's sort by total, issue 43):
// when `want` is a quarter of `n` or more every key is kept and sorted; else a max-heap keeps the
// best `want` so far (n log 24 for a first page).
export class SmallestKeys {
  private readonly keys: Float64Array;
  private readonly every: boolean;
  private size = 0;

  constructor(
    n: number,
    private readonly want: number,
  ) {
    this.every = want * 4 >= n;
    this.keys = new Float64Array(this.every ? n : want);
  }

  offer(key: number): void {
    const heap = this.keys;
    if (this.every) heap[this.size++] = key;
    else if (this.size < this.want) {
      let i = this.size++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (heap[parent]! >= key) break;
        heap[i] = heap[parent]!;
        i = parent;
      }
      heap[i] = key;
    } else if (key < heap[0]!) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= this.size) break;
        const c = l + 1 < this.size && heap[l + 1]! > heap[l]! ? l + 1 : l;
        if (heap[c]! <= key) break;
        heap[i] = heap[c]!;
        i = c;
      }
      heap[i] = key;
    }
  }

  /** The smallest `want` keys offered, ascending. */
  sorted(): Float64Array {
    return this.keys.subarray(0, this.size).sort().subarray(0, this.want);
  }
}
