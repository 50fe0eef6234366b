import type { FeedFileKind } from '@backlay/contracts';
import { detectFileKind, readHead, readLines } from '@backlay/betfair-stream';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FeedFileRow } from './files-repo.ts';

/** Where uploaded files are kept: DATA_DIR/feed-files/<id>. */
export const feedFilesDir = (dataDir: string): string => join(dataDir, 'feed-files');

export type StoredUpload =
  { ok: true; file: FeedFileRow } | { ok: false; reason: 'too_large' | 'unrecognised' };

/**
 * Writes an upload to disk as it arrives, then recognises its kind from the content (a stream
 * recording, a catalogue, sports data) and counts a recording's or sports data's lines once, for the replay's progress.
 * Anything else is deleted again.
 */
export async function storeUpload(
  dataDir: string,
  name: string,
  content: Readable & { truncated?: boolean },
): Promise<StoredUpload> {
  const id = randomUUID();
  const dir = feedFilesDir(dataDir);
  await mkdir(dir, { recursive: true });
  const path = join(dir, id);
  try {
    await pipeline(content, createWriteStream(path));
    if (content.truncated) return await refuse(path, 'too_large');
    const read = await readStored(path);
    if (!read) return await refuse(path, 'unrecognised');
    const { kind, lines } = read;
    const bytes = (await stat(path)).size;
    return { ok: true, file: { id, name: name.slice(0, 200) || id, bytes, kind, lines, path } };
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  }
}

async function refuse(path: string, reason: 'too_large' | 'unrecognised'): Promise<StoredUpload> {
  await rm(path, { force: true });
  return { ok: false, reason };
}

/**
 * The stored file's kind and line count; null when it is none of the kinds, or a compressed file that
 * breaks off or is corrupt. The disk's own failures (system errors, which name a syscall) are thrown.
 */
async function readStored(path: string): Promise<{ kind: FeedFileKind; lines: number } | null> {
  try {
    const kind = detectFileKind(await readHead(path));
    if (!kind) return null;
    return { kind, lines: kind === 'stream' || kind === 'sports-data' ? await countLines(path) : 0 };
  } catch (error) {
    if (typeof (error as { syscall?: unknown } | null)?.syscall === 'string') throw error;
    return null;
  }
}

async function countLines(path: string): Promise<number> {
  let lines = 0;
  for await (const _line of readLines(path)) lines += 1;
  return lines;
}
