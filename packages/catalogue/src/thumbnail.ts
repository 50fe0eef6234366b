import { findGame } from './catalogue.ts';
import { sha256Hex } from './hash.ts';
import { escapeXml, layoutTitle } from './svg-text.ts';
import { CATEGORY_TONE, DEFAULT_GLYPH, GLYPHS, hslHex, PATTERNS } from './thumbnail-art.ts';
import type { CatalogueEntry } from './types.ts';

/** Every thumbnail has the same box, so grids never shift while pictures load. */
export const THUMBNAIL_WIDTH_PX = 240;
export const THUMBNAIL_HEIGHT_PX = 180;
/** Upper bound on one thumbnail's size; tests hold every title to it. */
export const THUMBNAIL_MAX_BYTES = 3 * 1024;

const PROVIDER_LABEL = { jili: 'JILI', spribe: 'SPRIBE', jdb: 'JDB' } as const;
const FONT = 'font-family="system-ui,Segoe UI,Roboto,Arial,sans-serif"';
const TITLE_SIZES_PX = [22, 20, 18, 16, 14];
const PATTERN_SIZES_PX = [14, 18, 24, 30];

export type ThumbnailInput = Pick<CatalogueEntry, 'name' | 'id' | 'category' | 'provider' | 'engine'>;

/** The visual choices for one game, all read from a hash of its provider and id. */
function artFor(item: ThumbnailInput) {
  const hex = sha256Hex(`thumb:${item.provider}:${item.id}`);
  const bits = (from: number, length: number) => Number.parseInt(hex.slice(from, from + length), 16);
  const { saturationPct, lightnessPct } = CATEGORY_TONE[item.category];
  const hueDeg = bits(0, 4) % 360;
  const secondHueDeg = (hueDeg + 30 + (bits(4, 2) % 120)) % 360;
  return {
    from: hslHex(hueDeg, saturationPct, lightnessPct + (bits(6, 2) % 8)),
    to: hslHex(secondHueDeg, saturationPct, Math.max(14, lightnessPct - 14)),
    accent: hslHex((hueDeg + 180) % 360, 85, 50),
    pattern: PATTERNS[bits(8, 2) % PATTERNS.length]!,
    patternSizePx: PATTERN_SIZES_PX[bits(10, 2) % PATTERN_SIZES_PX.length]!,
    patternTurnDeg: (bits(12, 2) % 12) * 15,
  };
}

function titleText(name: string): string {
  const { fontSizePx, lines } = layoutTitle(name, THUMBNAIL_WIDTH_PX - 20, TITLE_SIZES_PX);
  const lineHeightPx = fontSizePx + 4;
  const firstBaselinePx = 152 - ((lines.length - 1) * lineHeightPx) / 2 + fontSizePx / 3;
  return lines
    .map(
      (line, i) =>
        `<text x="120" y="${Math.round(firstBaselinePx + i * lineHeightPx)}" ${FONT} font-size="${fontSizePx}" ` +
        `font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(line)}</text>`,
    )
    .join('');
}

/**
 * A small self-contained SVG picture for one catalogue title: a two-colour gradient and a faint pattern
 * chosen by hash, a glyph for the engine, the provider's name and the title. `role="img"` with a
 * `<title>` gives it an accessible name; all text is escaped. Same input → same bytes.
 */
export function thumbnailSvg(item: ThumbnailInput): string {
  const art = artFor(item);
  const size = art.patternSizePx;
  const glyph = (GLYPHS[item.engine] ?? DEFAULT_GLYPH)(art.accent);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${THUMBNAIL_WIDTH_PX}" height="${THUMBNAIL_HEIGHT_PX}" ` +
    `viewBox="0 0 ${THUMBNAIL_WIDTH_PX} ${THUMBNAIL_HEIGHT_PX}" role="img" aria-labelledby="t">` +
    `<title id="t">${escapeXml(item.name)}</title>` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${art.from}"/><stop offset="1" stop-color="${art.to}"/></linearGradient>` +
    `<pattern id="p" width="${size}" height="${size}" patternUnits="userSpaceOnUse" ` +
    `patternTransform="rotate(${art.patternTurnDeg})">${art.pattern(size)}</pattern></defs>` +
    `<rect width="240" height="180" fill="url(#g)"/><rect width="240" height="180" fill="url(#p)" opacity=".12"/>` +
    `<g ${FONT}>${glyph}</g>` +
    `<rect y="124" width="240" height="56" fill="#000" fill-opacity=".38"/>` +
    `<text x="10" y="18" ${FONT} font-size="11" font-weight="700" fill="#fff" fill-opacity=".85">` +
    `${PROVIDER_LABEL[item.provider]}</text>` +
    titleText(item.name) +
    `</svg>`
  );
}

/**
 * The thumbnail a request path names: `thumbnailForPath('22001.svg')` or a bare id. Undefined for anything
 * that is not a catalogue id, so the server can answer 404 without further checks.
 */
export function thumbnailForPath(fileName: string): string | undefined {
  const id = fileName.endsWith('.svg') ? fileName.slice(0, -'.svg'.length) : fileName;
  const entry = findGame(id);
  return entry ? thumbnailSvg(entry) : undefined;
}
