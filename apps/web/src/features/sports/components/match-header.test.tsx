import type { EventDetail, Score } from '@backlay/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { cricketChase } from '../cricket-fixtures.ts';
import { MatchHeader } from './match-header.tsx';

const event: EventDetail['event'] = {
  id: 'bf-0123456789ab-30610310',
  sport: 'cricket',
  competition: 'Pakistan Super League',
  name: 'Karachi Kings v Multan Sultans',
  startTime: '2022-01-27T15:00:00.000Z',
  status: 'IN_PLAY',
  inPlay: true,
};

const render = (score: Score | null) =>
  renderToStaticMarkup(<MatchHeader event={event} live={{ status: 'IN_PLAY', inPlay: true, score }} />);

describe('the match header', () => {
  it('shows a cricket match`s sports data: side, runs/wickets (overs), the batters, the innings before', () => {
    const html = render(cricketChase);
    expect(html).toContain('Multan Sultans');
    expect(html).toMatch(/data-testid="cricket-runs">155\/4</);
    expect(html).toContain('(17.2 ov)');
    expect(html).toMatch(/aria-label="Batter 2: 9 runs, on strike">9\*</);
    expect(html).toContain('Karachi Kings 180/6 (20.0 ov)');
    expect(html).not.toContain('match-score');
  });

  it('keeps the one score line of a match without sports data', () => {
    const html = render({ summary: 'Norvale 145/6 (17.2 ov)', values: [145], period: '', lastEvent: '' });
    expect(html).toContain('data-testid="match-score"');
    expect(html).not.toContain('cricket-score');
  });
});
