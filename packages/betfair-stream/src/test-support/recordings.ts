import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MarketCache, type ApplyResult } from '../cache.ts';
import { parseLine } from '../parse.ts';

/** The shared recordings sit beside the repository (CI clones it with ../shared next to it). */
export const RECORDINGS_DIR = fileURLToPath(
  new URL('../../../../../shared/data/betfair-recordings/', import.meta.url),
);

export function recordingPath(name: string): string {
  return RECORDINGS_DIR + name;
}

export function recordingLines(name: string): string[] {
  return readFileSync(recordingPath(name), 'utf8').split('\n');
}

/** Folds the first `lineCount` lines of a recording (all by default), failing on any unreadable line. */
export function foldRecording(
  name: string,
  lineCount = Infinity,
): { cache: MarketCache; results: ApplyResult[] } {
  const cache = new MarketCache();
  const results: ApplyResult[] = [];
  for (const line of recordingLines(name).slice(0, lineCount)) {
    const parsed = parseLine(line);
    if (parsed.kind === 'blank') continue;
    if (parsed.kind === 'error') throw new Error(parsed.message);
    results.push(cache.apply(parsed.message));
  }
  return { cache, results };
}
