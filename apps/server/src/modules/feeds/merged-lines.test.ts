import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MergedLines } from './merged-lines.ts';
import { ReplayLines, type ReplayLine } from './replay-lines.ts';

const dir = mkdtempSync(join(tmpdir(), 'merged-lines-'));
const file = (name: string, lines: readonly string[]) => {
  const path = join(dir, name);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return { id: name, path };
};
const mcm = (pt: number) => JSON.stringify({ op: 'mcm', pt, mc: [] });
const ccm = (pt: number) => JSON.stringify({ op: 'ccm', pt, cc: [] });

const STREAM = file('stream', [mcm(10), mcm(20), mcm(30)]);
const SPORTS = file('sports', [ccm(5), ccm(20), ccm(25), 'not json', ccm(22), ccm(40)]);

async function readAll(lines: MergedLines): Promise<ReplayLine[]> {
  const taken: ReplayLine[] = [];
  while (await lines.peek()) taken.push(lines.take());
  await lines.close();
  return taken;
}

const merged = (position = { fileIndex: 0, lineNumber: 0 }, resumeAfterPt: number | null = null) =>
  new MergedLines(
    new ReplayLines([STREAM], position, () => {}),
    new ReplayLines([SPORTS], { fileIndex: 0, lineNumber: 0 }, () => {}, true),
    resumeAfterPt,
  );

const shown = (line: ReplayLine) => `${line.sportsData ? 'ccm' : 'mcm'}:${line.pt ?? line.lineNumber}`;

describe('a replay with sports data', () => {
  it('reads the stream and the sports data as one series by publish time, sports data first on a tie', async () => {
    const lines = await readAll(merged());
    expect(lines.map(shown)).toEqual([
      'ccm:5',
      'mcm:10',
      'ccm:20',
      'mcm:20',
      'ccm:25',
      // A line without a time goes at once; one out of order, when it is the next of its file.
      'ccm:4',
      'ccm:22',
      'mcm:30',
      'ccm:40',
    ]);
    expect(lines.filter((line) => line.sportsData).map((line) => line.lineNumber)).toEqual([
      1, 2, 3, 4, 5, 6,
    ]);
  });

  it('after a restart passes over the sports data published up to the last applied line', async () => {
    // Applied before: ccm 5, mcm 10, ccm 20, mcm 20 (the stream's second line).
    const lines = await readAll(merged({ fileIndex: 0, lineNumber: 2 }, 20));
    expect(lines.map(shown)).toEqual(['ccm:25', 'ccm:4', 'ccm:22', 'mcm:30', 'ccm:40']);
  });
});
