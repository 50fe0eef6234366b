/** Doubles in one block of tapes: a few hundred lines of full-depth ladders. */
const BLOCK = 1 << 16;

/**
 * A line's tape as the scan writes it (packed.ts): numbers pushed straight into a block shared by the
 * lines read after one another, the finished tape a view of its part. A line then costs no list of
 * numbers and no buffer of its own; a block is freed with the last of its lines. A scan that fails
 * leaves its part to be written over by the next.
 */
export class TapeWriter {
  #block = new Float64Array(BLOCK);
  /** Where the line being written starts in the block. */
  #start = 0;
  /** Numbers of the lines finished since the last `takeBlock`, in whatever blocks. */
  #finished = 0;
  /** Numbers of the line written so far. */
  length = 0;

  /** Starts a line, dropping what a failed scan left. */
  begin(): void {
    this.length = 0;
  }

  push(value: number): void {
    if (this.#start + this.length === this.#block.length) this.#grow();
    this.#block[this.#start + this.length] = value;
    this.length += 1;
  }

  /** Sets a number already pushed (a header filled in once its part is read). */
  set(index: number, value: number): void {
    this.#block[this.#start + index] = value;
  }

  /** The line's tape; the next line is written after it. */
  finish(): Float64Array {
    const tape = this.#block.subarray(this.#start, this.#start + this.length);
    this.#start += this.length;
    this.#finished += this.length;
    this.length = 0;
    return tape;
  }

  /**
   * The block the lines finished last were written into, and how many numbers the lines finished
   * since the last take hold (in this block when they fit): it is never written again (the next line
   * starts a new block of at least `doubles`), so their tapes may be moved to another thread with it
   * instead of copied.
   */
  takeBlock(doubles: number): { block: Float64Array; used: number } {
    const taken = { block: this.#block, used: this.#finished };
    this.#block = new Float64Array(Math.max(BLOCK, doubles));
    this.#start = 0;
    this.#finished = 0;
    this.length = 0;
    return taken;
  }

  /** A new block for the line, with what it has so far: the old one stays with the lines it holds. */
  #grow(): void {
    const block = new Float64Array(Math.max(BLOCK, 2 * this.length));
    block.set(this.#block.subarray(this.#start, this.#start + this.length));
    this.#block = block;
    this.#start = 0;
  }
}
