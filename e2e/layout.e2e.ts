import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiDemoLogin,
  browserAvailable,
  launchBrowser,
  openSignedIn,
  type Session,
} from './support/browser.ts';
import { DESKTOP, PHONE } from './support/routes.ts';

/** At most 15 % of a 390×844 phone screen may stay covered by the header and navigation. */
const MAX_FIXED_CHROME_PX = Math.ceil(PHONE.height * 0.15);

/** Total height of the fixed and sticky elements that cover the top of the viewport. */
function fixedChromeHeight(page: Page): Promise<number> {
  return page.evaluate(() => {
    const covering = Array.from(document.querySelectorAll<HTMLElement>('body *')).filter((element) => {
      const style = getComputedStyle(element);
      if (style.position !== 'fixed' && style.position !== 'sticky') return false;
      const box = element.getBoundingClientRect();
      return (
        style.visibility !== 'hidden' && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight
      );
    });
    // Nested fixed elements are inside an outer one; count the outermost only.
    const outermost = covering.filter(
      (element) => !covering.some((other) => other !== element && other.contains(element)),
    );
    return outermost.reduce((sum, element) => {
      const box = element.getBoundingClientRect();
      return sum + Math.min(box.bottom, window.innerHeight) - Math.max(box.top, 0);
    }, 0);
  });
}

describe.runIf(browserAvailable)('readable layout', () => {
  let browser: Browser;
  let session: Session;

  beforeAll(async () => {
    browser = await launchBrowser();
    session = await apiDemoLogin();
  });
  afterAll(() => browser?.close());

  async function open(
    viewport: typeof PHONE | typeof DESKTOP,
    path: string,
    rootTestId: string,
  ): Promise<Page> {
    const page = await browser.newPage({ viewport });
    await openSignedIn(page, session, path);
    await page.getByTestId(rootTestId).waitFor();
    return page;
  }

  it(`keeps the header and navigation that stay on a phone screen within ${MAX_FIXED_CHROME_PX} px`, async () => {
    const page = await open(PHONE, '/account', 'account-statement');
    expect(await fixedChromeHeight(page)).toBeLessThanOrEqual(MAX_FIXED_CHROME_PX);
    await page.mouse.wheel(0, 600);
    await page.waitForFunction(() => window.scrollY > 0);
    const scrolled = await fixedChromeHeight(page);
    expect(scrolled).toBeGreaterThan(0);
    expect(scrolled).toBeLessThanOrEqual(MAX_FIXED_CHROME_PX);
    await page.close();
  });

  it('shows betting content on the first phone screen of home', async () => {
    const page = await open(PHONE, '/home', 'home');
    const firstSport = await page.getByTestId('home-sport').first().boundingBox();
    expect(firstSport).not.toBeNull();
    expect((firstSport?.y ?? Infinity) + (firstSport?.height ?? 0)).toBeLessThanOrEqual(PHONE.height);
    await page.close();
  });

  it('gives the logo link a name and every carousel control a 24 px target', async () => {
    const page = await open(PHONE, '/home', 'home');
    expect(await page.getByTestId('brand-link').getAttribute('aria-label')).toBe('Backlay home');
    const controls = page.locator('[data-testid=carousel-dot], [data-testid=carousel-pause]');
    expect(await controls.count()).toBe(4);
    for (const box of await controls.evaluateAll((elements) =>
      elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect),
    )) {
      expect(box.width).toBeGreaterThanOrEqual(24);
      expect(box.height).toBeGreaterThanOrEqual(24);
    }
    await page.close();
  });

  it('names market types in words on the match page', async () => {
    const page = await open(DESKTOP, '/sportsdetail', 'sports-detail');
    await page.locator('[data-testid=market] h2').first().waitFor();
    const headings = await page.locator('[data-testid=market] h2').allInnerTexts();
    // The featured match's markets, exchange first; every heading in words, never a type code.
    expect(headings[0]).toBe('Match Odds');
    for (const heading of headings) expect(heading).toMatch(/^[A-Z][A-Za-z/ ]+$/);
    const text = await page.getByTestId('page').innerText();
    expect(text).not.toMatch(/MATCH_ODDS|TIED_MATCH|Oddeven|khado/);
    await page.close();
  });
});
