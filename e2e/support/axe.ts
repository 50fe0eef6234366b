import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** The impacts that fail the build; minor and moderate findings are reported but do not fail. */
export const BLOCKING_IMPACTS = ['serious', 'critical'] as const;

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** The portal's CSP forbids injected scripts: contexts that use this need `bypassCSP: true`. */
/** Injects axe-core once per document (hash navigation keeps the document, so it stays loaded). */
async function ensureAxe(page: Page): Promise<void> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.addScriptTag({ path: AXE_PATH });
}

/** Runs axe on the whole document against WCAG 2.x A/AA rules; returns the serious and critical findings. */
export async function blockingViolations(page: Page): Promise<AxeFinding[]> {
  await ensureAxe(page);
  const findings = await page.evaluate(
    async (impacts) => {
      type AxeResult = {
        violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
      };
      const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<AxeResult> } })
        .axe;
      const result = await axe.run(document, {
        runOnly: {
          type: 'tag',
          values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
        },
        resultTypes: ['violations'],
      });
      return result.violations
        .filter((violation) => impacts.includes(violation.impact ?? ''))
        .map((violation) => ({
          id: violation.id,
          impact: violation.impact ?? '',
          help: violation.help,
          targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
        }));
    },
    BLOCKING_IMPACTS as readonly string[],
  );
  return findings;
}
