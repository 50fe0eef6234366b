import type { Category } from './types.ts';

/** HSL (degrees, percent, percent) → `#rrggbb`; hex keeps the colours valid in every SVG renderer. */
export function hslHex(hueDeg: number, saturationPct: number, lightnessPct: number): string {
  const s = saturationPct / 100;
  const l = lightnessPct / 100;
  const k = (n: number) => (n + hueDeg / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return `#${[0, 8, 4]
    .map((n) =>
      Math.round(channel(n) * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Saturation and lightness per category, so a family of games shares a mood while hues stay per game. */
export const CATEGORY_TONE: Readonly<Record<Category, { saturationPct: number; lightnessPct: number }>> = {
  slot: { saturationPct: 70, lightnessPct: 42 },
  crash: { saturationPct: 80, lightnessPct: 36 },
  instant: { saturationPct: 65, lightnessPct: 38 },
  fishing: { saturationPct: 75, lightnessPct: 34 },
  table: { saturationPct: 55, lightnessPct: 30 },
  card: { saturationPct: 60, lightnessPct: 32 },
  bingo: { saturationPct: 72, lightnessPct: 44 },
  lottery: { saturationPct: 68, lightnessPct: 40 },
  fantasy: { saturationPct: 62, lightnessPct: 34 },
};

/** Background pattern tiles; `s` is the tile size in px. Each draws in white, faded by the caller. */
export const PATTERNS: readonly ((s: number) => string)[] = [
  (s) => `<rect width="${s / 2}" height="${s}" fill="#fff"/>`,
  (s) => `<circle cx="${s / 2}" cy="${s / 2}" r="${s / 5}" fill="#fff"/>`,
  (s) => `<circle cx="${s / 2}" cy="${s / 2}" r="${s / 3}" fill="none" stroke="#fff" stroke-width="2"/>`,
  (s) => `<path d="M0 0L${s} ${s}M${s} 0L0 ${s}" stroke="#fff" stroke-width="2"/>`,
  (s) =>
    `<path d="M0 ${s / 2}Q${s / 4} 0 ${s / 2} ${s / 2}T${s} ${s / 2}" fill="none" stroke="#fff" stroke-width="2"/>`,
  (s) => `<path d="M0 ${s}L${s / 2} 0L${s} ${s}Z" fill="#fff"/>`,
];

const cards = (accent: string) =>
  `<rect x="84" y="30" width="44" height="62" rx="6" fill="#fff" transform="rotate(-12 106 61)"/>` +
  `<rect x="112" y="30" width="44" height="62" rx="6" fill="#fff" stroke="${accent}" stroke-width="3" transform="rotate(10 134 61)"/>` +
  `<circle cx="134" cy="61" r="9" fill="${accent}"/>`;

const wheel = (accent: string) =>
  `<circle cx="120" cy="62" r="38" fill="#fff"/><circle cx="120" cy="62" r="30" fill="none" stroke="${accent}" stroke-width="8" stroke-dasharray="12 8"/>` +
  `<circle cx="120" cy="62" r="8" fill="${accent}"/>`;

const balls = (accent: string) =>
  `<circle cx="96" cy="66" r="20" fill="#fff"/><circle cx="144" cy="66" r="20" fill="#fff"/><circle cx="120" cy="40" r="20" fill="${accent}"/>` +
  `<circle cx="96" cy="66" r="9" fill="${accent}"/><circle cx="144" cy="66" r="9" fill="${accent}"/>`;

const dice = (accent: string) =>
  `<rect x="92" y="34" width="56" height="56" rx="10" fill="#fff"/>` +
  [100, 120, 140]
    .map((x, i) => `<circle cx="${x + 4 - i * 4}" cy="${46 + i * 16}" r="6" fill="${accent}"/>`)
    .join('');

const grid = (accent: string, cells: number) =>
  Array.from({ length: cells * cells }, (_, i) => {
    const size = 72 / cells;
    const x = 84 + (i % cells) * size;
    const y = 26 + Math.floor(i / cells) * size;
    const fill = i === cells + 1 ? accent : '#fff';
    return `<rect x="${x + 2}" y="${y + 2}" width="${size - 4}" height="${size - 4}" rx="3" fill="${fill}"/>`;
  }).join('');

/** The central picture per engine: a simple shape that says what kind of game it is. */
export const GLYPHS: Readonly<Record<string, (accent: string) => string>> = {
  slots: (accent) =>
    [80, 108, 136].map((x) => `<rect x="${x}" y="34" width="24" height="56" rx="4" fill="#fff"/>`).join('') +
    `<text x="120" y="72" font-size="22" font-weight="700" fill="${accent}" text-anchor="middle">777</text>`,
  crash: (accent) =>
    `<path d="M70 96Q130 92 168 34" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round"/>` +
    `<circle cx="168" cy="34" r="10" fill="${accent}" stroke="#fff" stroke-width="3"/>`,
  limbo: (accent) =>
    `<circle cx="120" cy="62" r="36" fill="#fff"/><circle cx="120" cy="62" r="22" fill="${accent}"/><circle cx="120" cy="62" r="9" fill="#fff"/>`,
  mines: (accent) => grid(accent, 3),
  keno: (accent) => grid(accent, 4),
  tower: (accent) =>
    [0, 1, 2, 3]
      .map(
        (i) =>
          `<rect x="${92 + i * 4}" y="${86 - i * 18}" width="${56 - i * 8}" height="14" rx="3" fill="${i === 3 ? accent : '#fff'}"/>`,
      )
      .join(''),
  hilo: (accent) =>
    `<rect x="98" y="28" width="44" height="64" rx="6" fill="#fff"/><path d="M120 38l10 12h-20zM120 82l10-12h-20z" fill="${accent}"/>`,
  plinko: (accent) =>
    Array.from({ length: 10 }, (_, i) => {
      const row = i < 1 ? 0 : i < 3 ? 1 : i < 6 ? 2 : 3;
      const first = [0, 1, 3, 6][row]!;
      return `<circle cx="${120 + ((i - first) * 2 - row) * 14}" cy="${32 + row * 18}" r="5" fill="#fff"/>`;
    }).join('') + `<circle cx="120" cy="98" r="8" fill="${accent}"/>`,
  penalty: (accent) =>
    `<path d="M78 92V40h84v52" fill="none" stroke="#fff" stroke-width="6"/><circle cx="120" cy="78" r="12" fill="${accent}" stroke="#fff" stroke-width="3"/>`,
  shootout: (accent) =>
    `<path d="M72 94V36h96v58" fill="none" stroke="#fff" stroke-width="6"/>` +
    `<path d="M72 65h96M104 36v58M136 36v58" stroke="#fff" stroke-opacity=".45" stroke-width="2"/>` +
    `<circle cx="152" cy="50" r="11" fill="${accent}" stroke="#fff" stroke-width="3"/>`,
  cricket: (accent) =>
    `<rect x="112" y="24" width="16" height="62" rx="6" fill="#fff" transform="rotate(28 120 55)"/>` +
    `<circle cx="150" cy="84" r="11" fill="${accent}" stroke="#fff" stroke-width="3"/>` +
    [96, 104, 112].map((x) => `<rect x="${x - 28}" y="56" width="4" height="38" fill="#fff"/>`).join(''),
  'goal-call': (accent) =>
    `<path d="M70 92V44h100v48" fill="none" stroke="#fff" stroke-width="6"/>` +
    `<circle cx="120" cy="72" r="14" fill="#fff"/><path d="M120 62l6 5-2 7h-8l-2-7z" fill="${accent}"/>`,
  fishing: (accent) =>
    `<ellipse cx="112" cy="62" rx="34" ry="20" fill="#fff"/><path d="M144 62l24-18v36z" fill="#fff"/>` +
    `<circle cx="96" cy="56" r="5" fill="${accent}"/>`,
  wheel,
  roulette: wheel,
  dice,
  'sic-bo': dice,
  bingo: balls,
  lottery: balls,
};

export const DEFAULT_GLYPH = cards;
