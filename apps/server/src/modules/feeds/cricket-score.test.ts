import type { EventDetail } from '@backlay/contracts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';
import {
  ccmLine,
  CRICKET_EVENT,
  CRICKET_START_PT,
  matchOddsLines,
  sharedCricketLines,
  uploadText,
} from './cricket-test-kit.ts';
import { createReplay, feedInState, type Headers } from './feeds-test-kit.ts';
import { mirroredEventId } from './ids.ts';

/**
 * A replay of a cricket match with its sports data (docs/decisions/0279): the ccm lines are applied in
 * publish-time order with the market's lines, and the match page's event read carries the live score.
 */

let t: TestContext;
let admin: Headers;

beforeAll(async () => {
  t = await startTestApp({ DATA_DIR: mkdtempSync(join(tmpdir(), 'feeds-cricket-')) });
  admin = bearer(await loginAs(t.app, TEST_ADMIN.email, TEST_ADMIN.password));
});
afterAll(async () => {
  await t.close();
});

async function eventDetail(eventId: string): Promise<EventDetail> {
  const response = await t.app.inject({ method: 'GET', url: `/api/events/${eventId}`, headers: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<EventDetail>();
}

it('shows the score of the sports data on the mirrored match: innings, overs and the batters', async () => {
  const stream = await uploadText(t, admin, 'match-odds', matchOddsLines(CRICKET_START_PT + 60_000));
  const later = ccmLine(CRICKET_START_PT + 20_000, [{ number: 1, runs: 85, overs: '13.2', wickets: 3 }]);
  const sports = await uploadText(t, admin, 'cricket', sharedCricketLines(later));
  expect(sports.kind).toBe('sports-data');
  const feed = await createReplay(t, admin, { fileIds: [stream.id, sports.id] });
  const done = await feedInState(t, admin, feed.id, ['finished']);
  expect(done).toMatchObject({ applied: 7, skipped: 0, progress: 1 });
  const detail = await eventDetail(mirroredEventId(feed.id, CRICKET_EVENT));
  expect(detail.score).toEqual({
    summary: 'Karachi Kings 85/3 (13.2 ov)',
    values: [85],
    period: '1st innings',
    lastEvent: '',
    cricket: {
      innings: 1,
      battingTeam: 'Karachi Kings',
      runs: 85,
      wickets: 3,
      overs: '13.2',
      batters: [
        { runs: 11, onStrike: true },
        { runs: 3, onStrike: false },
      ],
      earlier: [],
    },
  });
});

it('shows a chase with what it needs, and the first innings beside it', async () => {
  const closeAt = CRICKET_START_PT + 60_000;
  const stream = await uploadText(t, admin, 'match-odds', matchOddsLines(closeAt));
  const chase = ccmLine(CRICKET_START_PT + 30_000, [
    { number: 1, runs: 180, overs: '20.0', wickets: 6 },
    { number: 2, runs: 155, overs: '17.2', wickets: 4 },
  ]);
  const sports = await uploadText(t, admin, 'cricket', sharedCricketLines(chase));
  const feed = await createReplay(t, admin, { fileIds: [stream.id, sports.id] });
  await feedInState(t, admin, feed.id, ['finished']);
  const { score } = await eventDetail(mirroredEventId(feed.id, CRICKET_EVENT));
  expect(score?.summary).toBe('Multan Sultans 155/4 (17.2 ov) · need 26 from 16');
  expect(score?.cricket?.earlier).toEqual(['Karachi Kings 180/6 (20.0 ov)']);
});
