import { describe, expect, it } from 'vitest';
import { featuredMatch } from './api/get-live-matches.ts';

const event = (
  id: string,
  inPlay: boolean,
  startTime: string,
  status = inPlay ? 'IN_PLAY' : 'SCHEDULED',
) => ({
  id,
  sport: 'cricket',
  competition: 'c',
  name: id,
  startTime,
  inPlay,
  status: status as 'IN_PLAY' | 'SCHEDULED' | 'FINISHED',
  marketId: null,
  runners: [],
});

describe('home quick links to matches', () => {
  it('links the first in-play match, else the next to start', () => {
    const soon = event('soon', false, '2026-11-23T12:00:00Z');
    const later = event('later', false, '2026-11-23T15:00:00Z');
    const live = event('live', true, '2026-11-23T13:00:00Z');
    expect(featuredMatch([later, live, soon])?.id).toBe('live');
    expect(featuredMatch([later, soon])?.id).toBe('soon');
    expect(featuredMatch([event('done', false, '2026-11-23T09:00:00Z', 'FINISHED')])).toBeNull();
  });
});
