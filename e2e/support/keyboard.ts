import type { Page } from 'playwright-core';

/** What the walk records about the focused element after each Tab. */
export interface FocusStop {
  /** Index into the page's list of expected tab stops, or -1 for anything else (body, browser). */
  index: number;
  /** A short description for failure messages. */
  label: string;
  /** The element draws an outline or a box-shadow (its own, or its label's for a hidden radio). */
  ringVisible: boolean;
}

/**
 * Marks every element Tab should reach with `data-tab-stop=<n>`: visible, enabled, not inert, not taken
 * out of the order with tabindex=-1 (roving groups), and of a radio group only the checked radio.
 * Returns how many there are.
 */
export function markTabStops(page: Page): Promise<number> {
  return page.evaluate(() => {
    const selector = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"]), summary';
    const seenRadioGroups = new Set<string>();
    let count = 0;
    document
      .querySelectorAll('[data-tab-stop]')
      .forEach((element) => element.removeAttribute('data-tab-stop'));
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      if (element.tabIndex < 0 || element.closest('[inert]') || element.matches(':disabled')) continue;
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      const isHiddenRadio = element instanceof HTMLInputElement && element.type === 'radio';
      if (!isHiddenRadio && (box.width === 0 || box.height === 0 || style.visibility === 'hidden')) continue;
      if (isHiddenRadio) {
        const radio = element as HTMLInputElement;
        const group = document.querySelectorAll<HTMLInputElement>(`input[type=radio][name="${radio.name}"]`);
        const checked = Array.from(group).find((item) => item.checked) ?? group[0];
        if (radio !== checked || seenRadioGroups.has(radio.name)) continue;
        seenRadioGroups.add(radio.name);
      }
      element.dataset.tabStop = String(count);
      count += 1;
    }
    return count;
  });
}

/** Reads the focused element after a Tab. */
export function focusStop(page: Page): Promise<FocusStop> {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (!active || active === document.body) return { index: -1, label: 'body', ringVisible: false };
    const drawsRing = (element: Element) => {
      const style = getComputedStyle(element);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      return outline || style.boxShadow !== 'none';
    };
    const label = `${active.tagName.toLowerCase()}${active.dataset.testid ? `[${active.dataset.testid}]` : ''} "${(active.textContent ?? active.getAttribute('aria-label') ?? '').trim().slice(0, 30)}"`;
    const ringHost =
      active instanceof HTMLInputElement && active.type === 'radio' ? active.closest('label') : null;
    return {
      index: active.dataset.tabStop === undefined ? -1 : Number(active.dataset.tabStop),
      label,
      ringVisible: drawsRing(active) || (ringHost !== null && drawsRing(ringHost)),
    };
  });
}

/**
 * Tabs from the top of the page until focus has come back round to the first stop (or `maxPresses`).
 * Returns every stop visited in order.
 */
export async function tabWalk(page: Page, maxPresses: number): Promise<FocusStop[]> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  const stops: FocusStop[] = [];
  for (let press = 0; press < maxPresses; press += 1) {
    await page.keyboard.press('Tab');
    const stop = await focusStop(page);
    if (stop.index === 0 && stops.some((seen) => seen.index === 0)) break;
    stops.push(stop);
  }
  return stops;
}
