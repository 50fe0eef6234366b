import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';

/**
 * Where the aggregator's changes are kept: one JSON line per commit (a list of changes that belong
 * together), replayed at start and rewritten as a compact snapshot (docs/decisions/0145).
 */
export interface Journal {
  /** Every readable commit, oldest first; `torn` counts lines that could not be parsed. */
  load(): { commits: unknown[][]; torn: number };
  append(commit: readonly unknown[]): void;
  /** Replaces the whole journal with one commit, atomically. */
  rewrite(commit: readonly unknown[]): void;
  close(): void;
}

function parseLines(text: string): { commits: unknown[][]; torn: number } {
  const commits: unknown[][] = [];
  let torn = 0;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      const parsed: unknown = JSON.parse(line);
      if (Array.isArray(parsed)) commits.push(parsed);
      else torn += 1;
    } catch {
      // A line cut short by a crash mid-write: everything before it still counts.
      torn += 1;
    }
  }
  return { commits, torn };
}

/** The journal in `${dir}/journal.jsonl`; appends are synchronous so a commit is written before any reply. */
export function fileJournal(dir: string): Journal {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'journal.jsonl');
  let fd: number | null = null;
  const handle = () => (fd ??= openSync(path, 'a'));
  return {
    load: () => (existsSync(path) ? parseLines(readFileSync(path, 'utf8')) : { commits: [], torn: 0 }),
    append(commit) {
      writeSync(handle(), `${JSON.stringify(commit)}\n`);
    },
    rewrite(commit) {
      const temporary = `${path}.tmp`;
      writeFileSync(temporary, `${JSON.stringify(commit)}\n`);
      if (fd !== null) closeSync(fd);
      fd = null;
      renameSync(temporary, path);
    },
    close() {
      if (fd !== null) closeSync(fd);
      fd = null;
    },
  };
}

/** An in-memory journal: tests "restart" by opening a new store on the same lines. */
export function memoryJournal(lines: string[] = []): Journal & { lines: string[] } {
  return {
    lines,
    load: () => parseLines(lines.join('\n')),
    append(commit) {
      lines.push(JSON.stringify(commit));
    },
    rewrite(commit) {
      lines.splice(0, lines.length, JSON.stringify(commit));
    },
    close() {},
  };
}
