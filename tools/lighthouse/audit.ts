import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { type Config, type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
// Lighthouse drives Chrome through puppeteer-core (its own dependency); handing it our page lets the
// session be planted in the very tab it measures, since sessionStorage belongs to one tab.
import puppeteer, { type Browser } from 'puppeteer-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium.ts';

export { CHROMIUM_PATH };

export type Preset = 'mobile' | 'desktop';
export type StoredSession = { token: string; user: string };

export interface AuditFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  clsScore: number;
  fcpMs: number;
  tbtMs: number;
  speedIndexMs: number;
  /** Ids of accessibility and best-practices audits that did not pass, to say what to look at. */
  failing: string[];
}

export interface AuditBrowser {
  audit: (url: string, preset: Preset, session: StoredSession | null) => Promise<AuditFigures>;
  close: () => Promise<void>;
}

/** With LIGHTHOUSE_REPORT_DIR set, every full report is kept there as JSON for a closer look. */
function saveReport(url: string, preset: Preset, lhr: unknown): void {
  const dir = process.env.LIGHTHOUSE_REPORT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const route = new URL(url).hash.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'root';
  writeFileSync(join(dir, `${route}-${preset}-${Date.now()}.json`), JSON.stringify(lhr));
}

const score = (value: number | null | undefined): number => Math.round((value ?? 0) * 100);

async function plantSession(browser: Browser, url: string, session: StoredSession) {
  const page = await browser.newPage();
  // A static file on the same origin: the app's own scripts must not warm the cache before measuring.
  await page.goto(new URL('/favicon.svg', url).href);
  await page.evaluate(
    (token, user) => {
      sessionStorage.setItem('token', token);
      sessionStorage.setItem('user', user);
    },
    session.token,
    session.user,
  );
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  return page;
}

function failingAudits(lhr: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']): string[] {
  const ids = ['accessibility', 'best-practices'].flatMap(
    (category) => lhr.categories[category]?.auditRefs.map((ref) => ref.id) ?? [],
  );
  return ids.filter((id) => {
    const result = lhr.audits[id];
    return result && result.score !== null && result.score < 1 && result.scoreDisplayMode !== 'informative';
  });
}

export async function openAuditBrowser(): Promise<AuditBrowser> {
  const chrome: LaunchedChrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });

  const audit = async (url: string, preset: Preset, session: StoredSession | null) => {
    const page = session ? await plantSession(browser, url, session) : await browser.newPage();
    const flags: Flags = {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      // Resetting storage would sign the player out before the page loads.
      disableStorageReset: session !== null,
    };
    const config: Config | undefined = preset === 'desktop' ? desktopConfig : undefined;
    const result = await lighthouse(url, flags, config, page);
    await page.close();
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    const { lhr } = result;
    saveReport(url, preset, lhr);
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    return {
      performance: score(lhr.categories.performance?.score),
      accessibility: score(lhr.categories.accessibility?.score),
      bestPractices: score(lhr.categories['best-practices']?.score),
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
      clsScore: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
      fcpMs: lhr.audits['first-contentful-paint']?.numericValue ?? NaN,
      tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
      speedIndexMs: lhr.audits['speed-index']?.numericValue ?? NaN,
      failing: failingAudits(lhr),
    };
  };

  const close = async () => {
    await browser.disconnect();
    chrome.kill();
  };
  return { audit, close };
}
