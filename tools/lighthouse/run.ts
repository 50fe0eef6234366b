import { openAuditBrowser, type AuditBrowser, type AuditFigures, type Preset } from './audit.ts';
import { demoSession, startPortal } from './portal.ts';
import { formatTable, type Row } from './table.ts';

/**
 * `npm run lighthouse [-- --runs=3]`: audits /login and /home (signed in as a fresh demo player)
 * with the mobile and desktop presets against the built portal, and prints one row per pair.
 * With several runs the row is the run with the median performance score.
 */
const ROUTES = [
  { path: '/login', signedIn: false },
  { path: '/home', signedIn: true },
] as const;
const PRESETS: readonly Preset[] = ['mobile', 'desktop'];
const MAX_ATTEMPTS = 2;

function runCount(argv: readonly string[]): number {
  const flag = argv.find((arg) => arg.startsWith('--runs='));
  const runs = flag ? Number(flag.slice('--runs='.length)) : 1;
  if (!Number.isInteger(runs) || runs < 1 || runs > 9) throw new Error('--runs must be 1..9');
  return runs;
}

function median(results: AuditFigures[]): AuditFigures {
  const sorted = [...results].sort((a, b) => a.performance - b.performance);
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (!middle) throw new Error('no Lighthouse result');
  return middle;
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP); one retry covers it. */
async function auditWithRetry(
  browser: AuditBrowser,
  baseUrl: string,
  route: (typeof ROUTES)[number],
  preset: Preset,
): Promise<AuditFigures> {
  for (let attempt = 1; ; attempt += 1) {
    const session = route.signedIn ? await demoSession(baseUrl) : null;
    try {
      return await browser.audit(`${baseUrl}/#${route.path}`, preset, session);
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS) throw error;
      process.stderr.write(`retrying ${route.path} (${preset}): ${String(error)}\n`);
    }
  }
}

async function main(): Promise<void> {
  const runs = runCount(process.argv.slice(2));
  const portal = await startPortal();
  const browser = await openAuditBrowser().catch(async (error: unknown) => {
    await portal.stop();
    throw error;
  });
  const rows: Row[] = [];
  try {
    for (const route of ROUTES) {
      for (const preset of PRESETS) {
        const results: AuditFigures[] = [];
        for (let run = 0; run < runs; run += 1) {
          results.push(await auditWithRetry(browser, portal.baseUrl, route, preset));
        }
        rows.push({ route: route.path, preset, figures: median(results) });
        process.stderr.write(`audited ${route.path} (${preset})\n`);
      }
    }
  } finally {
    await browser.close();
    await portal.stop();
  }
  console.log(formatTable(rows));
}

await main();
