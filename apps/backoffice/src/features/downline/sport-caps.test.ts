import { describe, expect, it } from 'vitest';
import { capLinesOf, sportCapChanges } from './sport-caps.ts';

describe('caps per sport in the Edit form', () => {
  const before = { cricket: '50.00', tennis: '20.00' };

  it('sends nothing when the lines are as they came', () => {
    expect(sportCapChanges(before, capLinesOf(before))).toBeUndefined();
    expect(sportCapChanges({}, [])).toBeUndefined();
  });

  it('sends new and changed caps, and null for removed lines and emptied amounts', () => {
    const [cricket, tennis] = capLinesOf(before);
    const lines = [
      { ...cricket!, amount: ' 40 ' },
      { ...tennis!, amount: '' },
      { key: 7, sport: 'football', amount: '10.00' },
    ];
    expect(sportCapChanges(before, lines)).toEqual({ cricket: '40', tennis: null, football: '10.00' });
    expect(sportCapChanges(before, [cricket!])).toEqual({ tennis: null });
  });
});
