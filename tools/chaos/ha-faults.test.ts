import { describe, expect, it } from 'vitest';
import { inStep } from './ha-faults.ts';

const node = (name: string, reportedState: string, goalState = reportedState) => ({
  name,
  host: '127.0.0.1',
  port: 5432,
  reportedState,
  goalState,
});

describe('inStep', () => {
  it('holds only for a primary with a streaming standby, both as the monitor wants them', () => {
    expect(inStep([node('node1', 'primary'), node('node2', 'secondary')])).toBe(true);
    expect(inStep([node('node1', 'wait_primary'), node('node2', 'catchingup')])).toBe(false);
    expect(inStep([node('node1', 'primary'), node('node2', 'secondary', 'prepare_promotion')])).toBe(false);
    expect(inStep([node('node1', 'primary', 'demote_timeout'), node('node2', 'secondary')])).toBe(false);
    expect(inStep([node('node1', 'single')])).toBe(false);
  });
});
