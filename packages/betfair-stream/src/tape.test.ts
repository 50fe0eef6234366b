import { describe, expect, it } from 'vitest';
import { TapeWriter } from './tape.ts';

const line = (writer: TapeWriter, values: number[]): Float64Array => {
  writer.begin();
  for (const value of values) writer.push(value);
  return writer.finish();
};

describe('TapeWriter', () => {
  it('keeps every finished tape as written while later lines fill and outgrow blocks', () => {
    const writer = new TapeWriter();
    const lines = Array.from({ length: 300 }, (_, index) =>
      Array.from({ length: 400 + index * 7 }, (_, at) => index * 100_000 + at),
    );
    // One line longer than a block, to be moved whole into one of its own size.
    lines.push(Array.from({ length: 70_000 }, (_, at) => -at));
    const tapes = lines.map((values) => line(writer, values));
    tapes.forEach((tape, index) => expect(Array.from(tape)).toEqual(lines[index]));
  });

  it('writes over what a line left when it was begun again, and sets headers in place', () => {
    const writer = new TapeWriter();
    writer.begin();
    writer.push(9);
    writer.push(9);
    writer.begin();
    writer.push(0);
    writer.push(2);
    writer.set(0, 1);
    expect(Array.from(writer.finish())).toEqual([1, 2]);
    expect(Array.from(line(writer, [3]))).toEqual([3]);
  });

  it('hands over the block of the lines finished, counting those of blocks outgrown, and writes no more to it', () => {
    const writer = new TapeWriter();
    const first = line(writer, [1, 2, 3]);
    const second = line(writer, [4, 5]);
    const { block, used } = writer.takeBlock(10);
    expect(used).toBe(5);
    expect(first.buffer).toBe(block.buffer);
    expect(second.buffer).toBe(block.buffer);
    const third = line(writer, [6]);
    expect(third.buffer).not.toBe(block.buffer);
    expect(Array.from(block.subarray(0, 5))).toEqual([1, 2, 3, 4, 5]);
    line(
      writer,
      Array.from({ length: 70_000 }, () => 7),
    );
    expect(writer.takeBlock(0).used).toBe(70_001);
  });
});
