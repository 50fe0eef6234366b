/** A binary min-heap of timed actions; ties keep insertion order so replays are identical. */
export interface Timed {
  readonly atSimMs: number;
  readonly seq: number;
}

export class ActionQueue<T extends Timed> {
  private readonly heap: T[] = [];

  get size(): number {
    return this.heap.length;
  }

  push(item: T): void {
    const heap = this.heap;
    heap.push(item);
    let index = heap.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (!before(heap[index]!, heap[parent]!)) break;
      [heap[index], heap[parent]] = [heap[parent]!, heap[index]!];
      index = parent;
    }
  }

  peek(): T | undefined {
    return this.heap[0];
  }

  pop(): T | undefined {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop();
    if (heap.length === 0 || last === undefined) return top;
    heap[0] = last;
    let index = 0;
    for (;;) {
      const left = index * 2 + 1;
      const right = left + 1;
      let smallest = index;
      if (left < heap.length && before(heap[left]!, heap[smallest]!)) smallest = left;
      if (right < heap.length && before(heap[right]!, heap[smallest]!)) smallest = right;
      if (smallest === index) return top;
      [heap[index], heap[smallest]] = [heap[smallest]!, heap[index]!];
      index = smallest;
    }
  }
}

function before(a: Timed, b: Timed): boolean {
  return a.atSimMs < b.atSimMs || (a.atSimMs === b.atSimMs && a.seq < b.seq);
}
