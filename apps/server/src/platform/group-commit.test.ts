import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit.ts';

/** A writer whose batches finish only when the test lets them. */
function heldWriter() {
  const batches: number[][] = [];
  const releases: (() => void)[] = [];
  const write = async (items: number[]) => {
    batches.push(items);
    await new Promise<void>((release) => releases.push(release));
    return items.map((item) => item * 10);
  };
  const releaseAll = () => releases.splice(0).forEach((release) => release());
  return { batches, write, releaseAll };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('GroupCommit', () => {
  it('writes what is handed in within one turn as one batch and answers in order', async () => {
    const writes: number[][] = [];
    const commit = new GroupCommit(
      async (items: number[]) => {
        writes.push(items);
        return items.map((item) => item + 1);
      },
      () => -1,
    );
    expect(await Promise.all([1, 2, 3].map((item) => commit.submit(item)))).toEqual([2, 3, 4]);
    expect(writes).toEqual([[1, 2, 3]]);
  });

  it('answers every item of a failed batch through `failed`', async () => {
    const commit = new GroupCommit(
      async (): Promise<string[]> => Promise.reject(new Error('down')),
      (item: number, error) => `${item}: ${(error as Error).message}`,
    );
    expect(await Promise.all([1, 2].map((item) => commit.submit(item)))).toEqual(['1: down', '2: down']);
  });

  it('splits a burst into batches of at most maxBatch', async () => {
    const sizes: number[] = [];
    const commit = new GroupCommit(
      async (items: number[]) => {
        sizes.push(items.length);
        return items;
      },
      () => 0,
      2,
    );
    await Promise.all([1, 2, 3, 4, 5].map((item) => commit.submit(item)));
    expect(sizes).toEqual([2, 2, 1]);
  });

  it('with one lane, gathers what arrives during a write into the next batch', async () => {
    const writer = heldWriter();
    const commit = new GroupCommit(writer.write, () => 0);
    const first = commit.submit(1);
    await turn();
    const later = [commit.submit(2), commit.submit(3)];
    await turn();
    expect(writer.batches).toEqual([[1]]);
    writer.releaseAll();
    await first;
    await turn();
    expect(writer.batches).toEqual([[1], [2, 3]]);
    writer.releaseAll();
    expect(await Promise.all(later)).toEqual([20, 30]);
    await commit.idle();
  });

  it('with two lanes, starts the next batch while the first is still being written', async () => {
    const writer = heldWriter();
    const commit = new GroupCommit(writer.write, () => 0, 100, 2);
    const answers = [commit.submit(1)];
    await turn();
    answers.push(commit.submit(2), commit.submit(3));
    await turn();
    expect(writer.batches).toEqual([[1], [2, 3]]);
    answers.push(commit.submit(4));
    await turn();
    expect(writer.batches).toHaveLength(2);
    let idle = false;
    const waiting = commit.idle().then(() => (idle = true));
    writer.releaseAll();
    await turn();
    expect(writer.batches).toEqual([[1], [2, 3], [4]]);
    expect(idle).toBe(false);
    writer.releaseAll();
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40]);
    await waiting;
    expect(idle).toBe(true);
  });
});
