import { describe, expect, it } from 'vitest';
import { readReplicaFact } from './read-replica-fact.ts';

const replica = { configured: true, reachable: true, standby: true, lagMs: 120 };

describe('readReplicaFact', () => {
  it('shows a standby lag in milliseconds, and in seconds from 10 s on', () => {
    expect(readReplicaFact(replica)).toEqual(['Read replica lag', '120 ms']);
    expect(readReplicaFact({ ...replica, lagMs: 0 })).toEqual(['Read replica lag', '0 ms']);
    expect(readReplicaFact({ ...replica, lagMs: 9_999 })).toEqual(['Read replica lag', '9,999 ms']);
    expect(readReplicaFact({ ...replica, lagMs: 12_345 })).toEqual(['Read replica lag', '12.3 s']);
  });

  it('says why there is no lag to show', () => {
    expect(readReplicaFact({ ...replica, configured: false, standby: false, lagMs: null })).toEqual([
      'Read replica',
      'Not configured',
    ]);
    expect(readReplicaFact({ ...replica, reachable: false, standby: false, lagMs: null })).toEqual([
      'Read replica',
      'Unreachable',
    ]);
    expect(readReplicaFact({ ...replica, standby: false, lagMs: null })).toEqual([
      'Read replica',
      'Reads from the primary',
    ]);
    expect(readReplicaFact({ ...replica, lagMs: null })).toEqual([
      'Read replica lag',
      'Nothing replayed yet',
    ]);
  });
});
