import { describe, expect, it } from 'vitest';
import { summarise, type Sample } from './failover-summary.ts';

const sample = (kind: string, sentMs: number, status: Sample['status'], ms = 10, code?: string): Sample => ({
  kind,
  sentMs,
  status,
  ms,
  ...(code ? { code } : {}),
});

describe('the failover summary', () => {
  it('counts answers by status and code from the kill on, and times the outage', () => {
    const samples = [
      sample('login', 500, 200),
      sample('login', 1_100, 503, 5_000, 'DATABASE_UNAVAILABLE'),
      sample('login', 3_000, 503, 20, 'DATABASE_UNAVAILABLE'),
      sample('login', 4_000, 200, 2_500),
      sample('login', 6_000, 200, 30),
      sample('me', 1_200, 'timeout', 15_000),
      sample('me', 1_400, 200, 40),
    ];
    expect(summarise(samples, 1_000)).toEqual([
      {
        kind: 'login',
        answers: { '503 DATABASE_UNAVAILABLE': 2, '200': 2 },
        lastFailureSentS: 2,
        firstSuccessAnsweredS: 5,
        slowestMs: 5_000,
      },
      {
        kind: 'me',
        answers: { timeout: 1, '200': 1 },
        lastFailureSentS: 0.2,
        firstSuccessAnsweredS: 0.4,
        slowestMs: 15_000,
      },
    ]);
  });

  it('says when nothing failed', () => {
    const [login] = summarise([sample('login', 2_000, 201)], 1_000);
    expect(login?.lastFailureSentS).toBeNull();
    expect(login?.firstSuccessAnsweredS).toBe(1);
  });
});
