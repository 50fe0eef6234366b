// Renders the app icons in public/icons/ from the brand mark (the two back/lay chips of
// src/components/brand-mark.tsx). Run after changing the mark: node scripts/render-icons.mjs
// Uses the system Chromium through playwright-core, like the browser tests.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const NAVY = '#0b1220';
const MARK = `
  <rect x="2" y="6" width="18" height="20" rx="4" fill="#72bbef"/>
  <rect x="12" y="6" width="18" height="20" rx="4" fill="#faa9ba" opacity="0.9"/>
  <path d="M9 16h14" stroke="${NAVY}" stroke-width="2.5" stroke-linecap="round"/>`;

/** Rounded tile, like favicon.svg: for launchers that show the icon as it is. */
const roundedSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <rect width="32" height="32" rx="6" fill="${NAVY}"/>${MARK}</svg>`;

/**
 * Full-bleed square with the mark inside the central circle (80 % of the width) that every mask
 * shape keeps; also the Apple touch icon, since iOS rounds the corners itself and shows
 * transparency as black.
 */
const fullBleedSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <rect width="32" height="32" fill="${NAVY}"/>
  <g transform="translate(16 16) scale(0.7) translate(-16 -16)">${MARK}</g></svg>`;

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: roundedSvg },
  { file: 'icon-512.png', size: 512, svg: roundedSvg },
  { file: 'icon-maskable-512.png', size: 512, svg: fullBleedSvg },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleedSvg },
];

const outDir = join(import.meta.dirname, '..', 'public', 'icons');
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  for (const { file, size, svg } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<body style="margin:0;background:transparent">${sized}</body>`);
    await page.locator('svg').screenshot({ path: join(outDir, file), omitBackground: true });
    await page.close();
    console.log(`wrote public/icons/${file}`);
  }
} finally {
  await browser.close();
}
