/** What an uploaded or configured feed file holds. */
export type FeedFileKind = 'stream' | 'catalogue' | 'sports-data';

/** Text with C0 control characters other than tab/CR/LF, or undecodable bytes, is not a recording. */
function looksBinary(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0xfffd) return true;
  }
  return false;
}
const OP_PATTERN = /"op"\s*:\s*"(mcm|ccm)"/;

/**
 * Tells a file's kind from its first (decompressed) bytes: a first line whose op is mcm is a stream
 * recording, ccm sports data (after any connection/status lines a live recorder kept), and a JSON object or array of listMarketCatalogue entries (marketId and
 * marketName) a catalogue. The head may cut the first line short (an image line runs to hundreds of
 * KB), so a line that does not parse whole is recognised by its start. Anything else is null.
 */
export function detectFileKind(head: string): FeedFileKind | null {
  const text = head.replace(/^\ufeff/, '').trimStart();
  if (looksBinary(stripCutCharacter(text))) return null;
  if (!text.startsWith('{') && !text.startsWith('[')) return null;
  const streamKind = streamKindOfLines(text);
  if (streamKind !== null) return streamKind;
  return looksLikeCatalogue(text) ? 'catalogue' : null;
}

/** Recorders of a live stream may keep its connection and status answers before the first change. */
const PREAMBLE_OPS = new Set(['connection', 'status']);
const MAX_PREAMBLE_LINES = 10;

function streamKindOfLines(text: string): FeedFileKind | null {
  let start = 0;
  for (let seen = 0; seen <= MAX_PREAMBLE_LINES && start < text.length; seen += 1) {
    const end = text.indexOf('\n', start);
    const line = (end === -1 ? text.slice(start) : text.slice(start, end)).trim();
    start = end === -1 ? text.length : end + 1;
    if (line === '') continue;
    const op = opOfLine(line);
    if (op === 'mcm') return 'stream';
    if (op === 'ccm') return 'sports-data';
    if (op === null || !PREAMBLE_OPS.has(op)) return null;
  }
  return null;
}

/** A head cut inside a multi-byte character decodes to one replacement character at its end. */
function stripCutCharacter(text: string): string {
  return text.endsWith('\ufffd') ? text.slice(0, -1) : text;
}

function opOfLine(line: string): string | null {
  if (!line.startsWith('{')) return null;
  try {
    const value: unknown = JSON.parse(line);
    const op = (value as { op?: unknown } | null)?.op;
    return typeof op === 'string' ? op : null;
  } catch {
    // Cut short by the head: only the top-level op would sit before the first nested object.
    const beforeNesting = line.slice(1).split(/[{[]/, 1)[0] ?? '';
    return OP_PATTERN.exec(beforeNesting)?.[1] ?? null;
  }
}

function looksLikeCatalogue(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    const first: unknown = Array.isArray(value) ? value[0] : value;
    return isCatalogueShaped(first);
  } catch {
    // A catalogue larger than the head: its keys, seen before the head ends, must say so.
    return /"marketId"\s*:/.test(text) && /"marketName"\s*:/.test(text);
  }
}

function isCatalogueShaped(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const { marketId, marketName } = value as { marketId?: unknown; marketName?: unknown };
  return typeof marketId === 'string' && typeof marketName === 'string';
}
