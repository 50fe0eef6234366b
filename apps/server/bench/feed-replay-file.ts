import { createWriteStream, readFileSync } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';

/**
 * A long recording made from a short one (the shared files hold 166–480 lines): the lines before the
 * market first leaves OPEN, repeated with each repetition's `pt` moved past the last and `clk` made
 * unique, then the original's closing lines once. The market id is kept, so it is one market with
 * one definition until it closes, once, at the end: a repetition's first line (an image with the
 * definition) goes in as a delta without either.
 */
export function openLinesOf(text: string): { open: string[]; closing: string[] } {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const closingAt = lines.findIndex((line) => /"status":"(SUSPENDED|CLOSED)"/.test(line));
  const cut = closingAt < 0 ? lines.length : closingAt;
  return { open: lines.slice(0, cut), closing: lines.slice(cut) };
}

const ptOf = (line: string): number => (JSON.parse(line) as { pt: number }).pt;

/**
 * A repetition's first line without its image flag and definition: a long recording of one market
 * carries a definition only when it changes, and a replay ends its batch at each one.
 */
function asDelta(line: string): string {
  const message = JSON.parse(line) as { mc?: Record<string, unknown>[] };
  for (const change of message.mc ?? []) {
    delete change.img;
    delete change.marketDefinition;
  }
  return JSON.stringify(message);
}

/** Writes at least `minLines` lines to `dir`/`name`; answers the path, line count and first pt. */
export async function writeLongRecording(
  source: string,
  dir: string,
  minLines: number,
): Promise<{ file: string; lines: number; firstPt: number }> {
  const { open, closing } = openLinesOf(readFileSync(source, 'utf8'));
  if (open.length === 0) throw new Error(`${source} has no line before its market leaves OPEN`);
  const firstPt = ptOf(open[0]!);
  const spanMs = ptOf((closing[closing.length - 1] ?? open[open.length - 1])!) - firstPt + 1_000;
  const repetitions = Math.max(1, Math.ceil((minLines - closing.length) / open.length));
  const file = path.join(dir, `long-${path.basename(source)}`);
  const out = createWriteStream(file);
  let lines = 0;
  const write = async (line: string, repetition: number) => {
    const shifted = line
      .replace(/"pt":(\d+)/, (_, pt: string) => `"pt":${Number(pt) + repetition * spanMs}`)
      .replace(/"clk":"([^"]*)"/, (_, clk: string) => `"clk":"${repetition}-${clk}"`);
    lines += 1;
    if (!out.write(`${shifted}\n`)) await once(out, 'drain');
  };
  for (let repetition = 0; repetition < repetitions; repetition += 1)
    for (const [index, line] of open.entries())
      await write(index === 0 && repetition > 0 ? asDelta(line) : line, repetition);
  for (const line of closing) await write(line, repetitions - 1);
  out.end();
  await once(out, 'finish');
  return { file, lines, firstPt };
}
