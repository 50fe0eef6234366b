import type { Score } from '@backlay/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { cricketChase } from '../cricket-fixtures.ts';
import { LiveMatch } from './live-match.tsx';

const render = (score: Score | null) => renderToStaticMarkup(<LiveMatch score={score} inPlay />);

describe('the Live match panel', () => {
  it('shows a cricket match`s board: side, runs/wickets, overs, run rate, batters, innings before', () => {
    const html = render(cricketChase);
    expect(html).toContain('data-testid="live-cricket"');
    expect(html).toContain('Multan Sultans');
    expect(html).toMatch(/data-testid="live-cricket-runs">155\/4</);
    expect(html).toMatch(/data-testid="live-cricket-overs">17\.2</);
    // 155 runs off 104 balls: 8.94 an over, not 155 / 17.2 = 9.01.
    expect(html).toMatch(/data-testid="live-cricket-run-rate">8\.94</);
    expect(html).toMatch(/aria-label="Batter 1: 41 runs">41</);
    expect(html).toMatch(/aria-label="Batter 2: 9 runs, on strike">9\*</);
    expect(html).toContain('Karachi Kings 180/6 (20.0 ov)');
    expect(html).not.toContain('data-testid="scoreboard"');
    // The data carries no last event: no empty row for it.
    expect(html).not.toContain('last-event');
  });

  it('shows the last event when the score has one, and no rate before the first ball', () => {
    const cricket = { ...cricketChase.cricket!, runs: 0, overs: '0.0', batters: [], earlier: [] };
    const html = render({ ...cricketChase, cricket, lastEvent: 'W' });
    expect(html).toMatch(/data-testid="live-cricket-run-rate">—</);
    expect(html).toMatch(/data-testid="last-event">W</);
    expect(html).not.toContain('live-cricket-batters');
  });

  it('keeps the generic board for a football score', () => {
    const html = render({
      summary: 'Norvale 2 - 1 Eastport',
      values: [2, 1],
      period: '2nd half',
      lastEvent: 'Goal',
    });
    expect(html).toContain('data-testid="scoreboard"');
    expect(html).toContain('Norvale 2 - 1 Eastport');
    expect(html).toContain('2nd half');
    expect(html).toMatch(/data-testid="last-event">Goal</);
    expect(html).not.toContain('live-cricket');
  });
});
