/** Characters XML 1.0 forbids outright (C0 controls other than tab/newline/CR, U+FFFE/U+FFFF, lone surrogates). */
const INVALID_XML_CHARS =
  // Matching control characters is the point here: they would make the SVG unparseable.
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text made safe for SVG element content and attribute values: markup characters escaped, invalid ones dropped. */
export function escapeXml(text: string): string {
  return text.replace(INVALID_XML_CHARS, '').replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}

/** Average glyph advance of a bold sans-serif face, as a fraction of the font size (errs on the wide side). */
const CHAR_WIDTH_EM = 0.6;

export interface TitleLayout {
  fontSizePx: number;
  lines: string[];
}

function wrapWords(words: readonly string[], maxChars: number): string[] {
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= maxChars)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

const truncate = (line: string, maxChars: number) =>
  line.length <= maxChars ? line : `${line.slice(0, Math.max(1, maxChars - 1)).trimEnd()}…`;

/**
 * Fits a title into at most `maxLines` lines of `widthPx`: the largest size from `sizesPx` at which the
 * words wrap without overflow, otherwise the smallest size with the overflow cut and marked with "…".
 * Works on the raw text (escape afterwards), so an entity is never split.
 */
export function layoutTitle(
  text: string,
  widthPx: number,
  sizesPx: readonly number[],
  maxLines = 2,
): TitleLayout {
  const words = text.trim().split(/\s+/).filter(Boolean);
  for (const fontSizePx of sizesPx) {
    const maxChars = Math.floor(widthPx / (fontSizePx * CHAR_WIDTH_EM));
    const lines = wrapWords(words, maxChars);
    if (lines.length <= maxLines && lines.every((line) => line.length <= maxChars))
      return { fontSizePx, lines };
  }
  const fontSizePx = sizesPx.at(-1) ?? 12;
  const maxChars = Math.floor(widthPx / (fontSizePx * CHAR_WIDTH_EM));
  const lines = wrapWords(words, maxChars);
  const kept = lines.slice(0, maxLines);
  if (lines.length > maxLines) kept[maxLines - 1] = `${kept[maxLines - 1]} ${lines[maxLines]}`;
  return { fontSizePx, lines: kept.map((line) => truncate(line, maxChars)) };
}
