import { createWriteStream } from 'node:fs';
import { Writable } from 'node:stream';

const OWNER_LINE = /^\[([^\]]+)\] (\{.*"unitOwner":"([0-9a-f-]+)".*)$/;

/**
 * Where the cluster's output goes during a chaos run: each portal's start line names its unit owner id
 * (the `owner` of its `unit_leases` rows), remembered here by process name; warnings, errors and lines
 * that are not JSON go to the run's log file, the rest (request logs) is dropped.
 */
export class ClusterLog extends Writable {
  readonly #file: NodeJS.WritableStream;
  /** Unit owner id → process name (portal-1 …); a restarted process gets a new id. */
  readonly ownerNames = new Map<string, string>();
  /** The last warnings and errors about units, printed when a check of unit placement fails. */
  readonly unitWarnings: string[] = [];

  constructor(readonly path: string) {
    super({ decodeStrings: false });
    this.#file = createWriteStream(path);
  }

  override _write(chunk: string | Buffer, _encoding: BufferEncoding, done: () => void): void {
    const line = chunk.toString().trimEnd();
    const owner = OWNER_LINE.exec(line);
    if (owner) this.ownerNames.set(owner[3]!, owner[1]!);
    if (owner || keep(line)) this.#file.write(`${new Date().toISOString()} ${line}\n`);
    if (!owner && keep(line) && line.includes('"msg":"unit')) this.unitWarnings.push(line.slice(0, 400));
    if (this.unitWarnings.length > 20) this.unitWarnings.shift();
    done();
  }

  /** The process name of a lease owner, or the id itself when no process said it (yet). */
  nameOf(owner: string): string {
    return this.ownerNames.get(owner) ?? owner;
  }

  ownerOf(name: string): string | undefined {
    let found: string | undefined;
    for (const [owner, process] of this.ownerNames) if (process === name) found = owner;
    return found;
  }

  close(): void {
    this.#file.end();
  }
}

/** Pino levels 40 (warn) and up, and anything that is not a JSON log line. */
function keep(line: string): boolean {
  const json = line.indexOf('{"level":');
  if (json < 0) return true;
  const level = Number(line.slice(json + 9, json + 11));
  return !(level < 40);
}
