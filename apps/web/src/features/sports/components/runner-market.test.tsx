import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Market, SourceBook } from '@backlay/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { sourceBook, sourceRunner } from '../source-fixtures.ts';
import { RunnerMarket } from './runner-market.tsx';

const market: Market = {
  id: 'bf-1.197931750',
  eventId: 'ev',
  type: 'WIN',
  name: 'OR 280m',
  status: 'OPEN',
  inPlay: false,
  betDelaySec: 0,
  minStake: '10',
  maxStake: '1000',
  commissionPercent: 5,
  version: 1,
  line: null,
  mirrored: true,
  runners: [
    { id: 'r1', name: '1. Swift Blaze', back: [{ price: 8.6, size: '50' }], lay: [], fairPpm: null },
    { id: 'r2', name: '2. Ballymac Bolt', back: [{ price: 3.5, size: '50' }], lay: [], fairPpm: null },
  ],
};

/** The market as the page renders it with the source's book already fetched (or none: undefined). */
function render(book: SourceBook | null | undefined, shown: Market = market): string {
  const client = new QueryClient();
  if (book !== undefined) client.setQueryData(['sports', 'source', market.id], book);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <RunnerMarket fetched={shown} eventName="Sheffield" />
    </QueryClientProvider>,
  );
}

describe("a mirrored market's source book", () => {
  it('shows the source prices, sizes, last traded price and volume under the portal ladder', () => {
    const markup = render(
      sourceBook([
        sourceRunner('r1', {
          atb: [
            [8.8, 18.62],
            [8.6, 4.83],
          ],
          atl: [[9.4, 10.39]],
          ltp: 9,
          tv: 2500,
        }),
        sourceRunner('r2', { atb: [[3.45, 120]] }),
      ]),
    );
    expect(markup).toContain('data-testid="source-ladder"');
    expect(markup).toContain('Source prices');
    expect(markup).toMatch(/data-testid="source-back" data-price="8.8"/);
    expect(markup).toMatch(/data-testid="source-lay" data-price="9.4"/);
    expect(markup).toContain('LTP 9 · 2.5K traded');
    expect(markup).toContain('class="price-cell price-back" data-testid="price-back" data-price="8.6"');
  });

  it('makes a removed runner a non-runner that cannot be bet on', () => {
    const markup = render(
      sourceBook([
        sourceRunner('r1'),
        sourceRunner('r2', {
          status: 'REMOVED',
          adjustmentFactor: 22.1,
          removalDate: '2022-04-19T18:00:00Z',
        }),
      ]),
    );
    const row = markup.slice(
      markup.indexOf('data-runner="r2"'),
      markup.indexOf('</tr>', markup.indexOf('data-runner="r2"')),
    );
    expect(row).toContain('<s>2. Ballymac Bolt</s>');
    expect(row).toContain('Non-runner · removed 19/04/2022');
    expect(row).toContain('reduction 22.1%');
    expect(row.match(/disabled=""/g)).toHaveLength(6);
  });

  it('holds bets while the source is suspended and says it is in play', () => {
    const suspended = render(sourceBook([sourceRunner('r1')], { status: 'SUSPENDED', inPlay: true }));
    expect(suspended).toContain('class="suspended-tag">SUSPENDED');
    expect(suspended).toContain('data-testid="source-status">Suspended');
    expect(render(sourceBook([sourceRunner('r1')], { inPlay: true }))).toContain('>In play<');
  });

  it('shows nothing of a source for a simulator market (404) or before the answer', () => {
    expect(render(null)).not.toContain('source-ladder');
    expect(render(undefined)).not.toContain('source-ladder');
  });

  it('never looks for a source on a market that is not mirrored', () => {
    const book = sourceBook([sourceRunner('r1')]);
    expect(render(book)).toContain('source-ladder');
    expect(render(book, { ...market, mirrored: false })).not.toContain('source-ladder');
  });
});
