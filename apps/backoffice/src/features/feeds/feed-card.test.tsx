import type { Feed } from '@backlay/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { clearStaffSession, saveStaffSession } from '../../lib/staff-session.ts';
import { FeedCard } from './feed-card.tsx';

const feed: Feed = {
  id: 'feed-1',
  kind: 'replay',
  state: 'running',
  speed: 1000,
  applied: 1234,
  skipped: 2,
  errors: [{ line: 17, message: 'Unreadable JSON' }],
  lastPt: Date.UTC(2022, 3, 19, 18, 20, 0),
  lagMs: 40,
  progress: 0.5,
  until: null,
  settleFrom: 'source',
  createdAt: '2026-12-02T03:00:00Z',
  markets: [
    {
      sourceMarketId: '1.197931750',
      marketId: 'bf-1.197931750',
      eventId: 'ev-1',
      status: 'OPEN',
      resultPending: false,
    },
  ],
};

function render(shown: Feed): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <FeedCard feed={shown} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('a feed on the feeds page', () => {
  afterEach(() => clearStaffSession());

  it('shows its counts, lag, progress, errors and market links', () => {
    const markup = render(feed);
    expect(markup).toContain('1,234');
    expect(markup).toContain('40 ms');
    expect(markup).toContain('value="50"');
    expect(markup).toContain('Line 17');
    expect(markup).toContain('Unreadable JSON');
    expect(markup).toContain('href="/markets/bf-1.197931750"');
  });

  it('gives a trader pause, speed and stop while it runs, and resume once paused', () => {
    saveStaffSession({
      token: 't',
      user: { id: 's1', unique_code: 's1', name: 'Trader', staffRole: 'trader' } as never,
    });
    const running = render(feed);
    expect(running).toContain('>Pause<');
    expect(running).toContain('Set speed');
    expect(running).toContain('>Stop<');
    const paused = render({ ...feed, state: 'paused' });
    expect(paused).toContain('>Resume<');
    expect(paused).not.toContain('>Pause<');
    expect(render({ ...feed, state: 'finished' })).not.toContain('>Stop<');
  });

  it('leaves the controls out for a viewer', () => {
    expect(render(feed)).not.toContain('>Stop<');
  });

  it('offers a trader the confirmation of a result the source gave', () => {
    const pending = { ...feed, markets: [{ ...feed.markets[0]!, status: 'CLOSED', resultPending: true }] };
    expect(render(pending)).not.toContain('Confirm result');
    saveStaffSession({
      token: 't',
      user: { id: 's1', unique_code: 's1', name: 'Trader', staffRole: 'trader' } as never,
    });
    expect(render(pending)).toContain('CLOSED, result to confirm');
    expect(render(pending)).toContain('Confirm result');
    expect(render(feed)).not.toContain('Confirm result');
  });
});
