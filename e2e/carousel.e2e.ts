import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiDemoLogin, browserAvailable, launchBrowser, openSignedIn } from './support/browser.ts';

describe.runIf(browserAvailable)('banner carousel', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  const activeIndex = (target: Page) =>
    target
      .getByTestId('carousel-slide')
      .evaluateAll((slides) => slides.findIndex((slide) => slide.getAttribute('data-active') === 'true'));

  it('has three slides and advances every 5000 ms, wrapping around', async () => {
    page = await browser.newPage();
    // A paused clock: the page's timers advance only when the test says so, however slow the machine is.
    const start = new Date('2026-01-01T10:00:00Z');
    await page.clock.install({ time: start });
    // A minute on, so that a slow machine's own time never passes it before the pause is set.
    await page.clock.pauseAt(new Date(start.getTime() + 60_000));
    await openSignedIn(page, await apiDemoLogin(), '/home');
    await page.getByTestId('carousel').waitFor();
    expect(await page.getByTestId('carousel-slide').count()).toBe(3);
    expect(await activeIndex(page)).toBe(0);
    await page.clock.runFor(4_900);
    expect(await activeIndex(page)).toBe(0);
    await page.clock.runFor(200);
    expect(await activeIndex(page)).toBe(1);
    await page.clock.runFor(5_000);
    expect(await activeIndex(page)).toBe(2);
    await page.clock.runFor(5_000);
    expect(await activeIndex(page)).toBe(0);
  });

  it('moves on a swipe of at least 40 px and ignores a shorter one', async () => {
    page = await browser.newPage();
    await page.clock.install();
    await openSignedIn(page, await apiDemoLogin(), '/home');
    const carousel = page.getByTestId('carousel');
    await carousel.waitFor();
    const box = await carousel.boundingBox();
    if (!box) throw new Error('carousel has no box');
    const y = box.y + box.height / 2;
    const startX = box.x + box.width / 2;
    const drag = async (dx: number) => {
      await page.mouse.move(startX, y);
      await page.mouse.down();
      await page.mouse.move(startX + dx, y, { steps: 5 });
      await page.mouse.up();
    };
    await drag(-30);
    expect(await activeIndex(page)).toBe(0);
    await drag(-45);
    expect(await activeIndex(page)).toBe(1);
    await drag(45);
    expect(await activeIndex(page)).toBe(0);
  });
});
