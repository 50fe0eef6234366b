import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiDemoLogin,
  browserAvailable,
  launchBrowser,
  openSignedIn,
  type Session,
} from './support/browser.ts';

/** WCAG 2.2.2: the moving banner can be paused, and holds still under the mouse or keyboard focus. */
describe.runIf(browserAvailable)('banner carousel pause', () => {
  let browser: Browser;
  let session: Session;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    session = await apiDemoLogin();
  });
  afterAll(() => browser?.close());

  const activeIndex = () =>
    page
      .getByTestId('carousel-slide')
      .evaluateAll((slides) => slides.findIndex((slide) => slide.getAttribute('data-active') === 'true'));

  async function openWithPausedClock(): Promise<void> {
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const start = new Date('2026-01-01T10:00:00Z');
    await page.clock.install({ time: start });
    await page.clock.pauseAt(new Date(start.getTime() + 10));
    await openSignedIn(page, session, '/home');
    await page.getByTestId('carousel').waitFor();
    await page.mouse.move(5, 795);
  }

  it('stops with the visible Pause button and goes on with Play', async () => {
    await openWithPausedClock();
    const toggle = page.getByTestId('carousel-pause');
    expect(await toggle.getAttribute('aria-label')).toBe('Pause slides');
    await toggle.click();
    await page.mouse.move(5, 795);
    await toggle.evaluate((element) => (element as HTMLElement).blur());
    expect(await toggle.getAttribute('aria-label')).toBe('Play slides');
    await page.clock.runFor(12_000);
    expect(await activeIndex()).toBe(0);
    await toggle.click();
    await page.mouse.move(5, 795);
    await toggle.evaluate((element) => (element as HTMLElement).blur());
    await page.clock.runFor(4_900);
    expect(await activeIndex()).toBe(0);
    await page.clock.runFor(200);
    expect(await activeIndex()).toBe(1);
    await page.close();
  });

  it('holds while the mouse is over it and resumes with a full interval when it leaves', async () => {
    await openWithPausedClock();
    const box = await page.getByTestId('carousel').boundingBox();
    if (!box) throw new Error('carousel has no box');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.clock.runFor(8_000);
    expect(await activeIndex()).toBe(0);
    await page.mouse.move(5, 795);
    await page.clock.runFor(4_900);
    expect(await activeIndex()).toBe(0);
    await page.clock.runFor(200);
    expect(await activeIndex()).toBe(1);
    await page.close();
  });

  it('holds while keyboard focus is inside it', async () => {
    await openWithPausedClock();
    await page.getByTestId('carousel-dot').nth(1).focus();
    await page.keyboard.press('Enter');
    expect(await activeIndex()).toBe(1);
    await page.clock.runFor(12_000);
    expect(await activeIndex()).toBe(1);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.clock.runFor(5_100);
    expect(await activeIndex()).toBe(2);
    await page.close();
  });
});
