import { crashStateSchema } from '@backlay/contracts';
import { CRASH_UNIT_ID } from './deps.ts';
import type { TablesTestApp } from './testing.ts';

type Headers = Record<string, string>;

/**
 * The crash game's steps as its tests drive them: timers off, the fake clock moved by hand. `app`
 * answers the app of the moment (tests start it in `beforeAll`, or anew on each restart).
 */
export function crashDriver(app: () => TablesTestApp) {
  const driver = {
    /** Runs what is due now: a phase change, and auto cash-outs whose target the curve passed. */
    async advance(): Promise<void> {
      const result = await app().deps.units.send(CRASH_UNIT_ID, { type: 'advance' });
      if (!result.ok) throw new Error(result.code);
    },
    async state(headers: Headers) {
      const response = await app().app.inject({ method: 'GET', url: '/api/crash', headers });
      return crashStateSchema.parse(response.json());
    },
    async crashOf(roundId: number): Promise<number> {
      const [row] = await app().deps.db.query<{ crash_hundredths: number }>(
        'SELECT crash_hundredths FROM crash_rounds WHERE round_id = $1',
        [roundId],
      );
      return row!.crash_hundredths;
    },
    /** Plays empty rounds until one whose crash point is at least `minHundredths`; answers it in BETTING. */
    async roundCrashingAbove(minHundredths: number, headers: Headers) {
      for (let tries = 0; tries < 200; tries++) {
        const round = (await driver.state(headers)).round;
        const { clock } = app();
        const open = round?.status === 'BETTING' && clock.nowMs < Date.parse(round.closesAt);
        if (open && (await driver.crashOf(round.id)) >= minHundredths) return round;
        clock.advanceBy(600_000);
        await driver.advance();
      }
      throw new Error('no such round');
    },
    placeBet: (headers: Headers, payload: Record<string, unknown>) =>
      app().app.inject({ method: 'POST', url: '/api/crash/bets', headers, payload }),
    cashOut: (headers: Headers, betId: string) =>
      app().app.inject({ method: 'POST', url: '/api/crash/cash-out', headers, payload: { betId } }),
  };
  return driver;
}
