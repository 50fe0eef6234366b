import { describe, expect, it } from 'vitest';
import { serviceBackAtMs, type Sent } from './record.ts';
import { formatTable } from './report.ts';

const sent = (sentAtMs: number, outcome: Sent['outcome']): Sent => ({
  product: 'exchange',
  key: `k${sentAtMs}`,
  playerId: 'p',
  busiest: true,
  sentAtMs,
  answeredAtMs: sentAtMs + 5,
  outcome,
});

describe('serviceBackAtMs', () => {
  it('is the fault itself when nothing failed after it', () => {
    expect(serviceBackAtMs([sent(900, '5xx'), sent(1_100, '2xx')], 1_000)).toBe(1_000);
  });

  it('is the answer to the first success sent after the last failure', () => {
    const requests = [
      sent(1_000, '2xx'),
      sent(1_200, 'unanswered'),
      sent(1_500, '5xx'),
      sent(1_600, '4xx'),
      sent(1_700, '2xx'),
    ];
    expect(serviceBackAtMs(requests, 1_000)).toBe(1_705);
  });

  it('is null when nothing succeeded after the last failure', () => {
    expect(serviceBackAtMs([sent(1_100, '2xx'), sent(1_200, '5xx')], 1_000)).toBeNull();
  });
});

describe('formatTable', () => {
  it('prints one row per fault under the header', () => {
    const table = formatTable([
      {
        fault: 'kill -9',
        serviceSeconds: 10.44,
        counts: { '2xx': 10, '4xx': 1, '5xx': 2, unanswered: 0 },
        lost: 0,
        doubled: 0,
        refusalsThatMoved: 0,
      },
    ]);
    expect(table.split('\n')).toHaveLength(3);
    expect(table).toContain(
      '| kill -9 |                  10.4 |  10 |   1 |   2 |          0 |    0 |       0 |',
    );
  });
});
