import { describe, expect, it } from 'vitest';
import { homeSports, homeTabs, providers } from './home-data.ts';
import { isRoutedPath } from '../../lib/access.ts';

describe('home data', () => {
  it('lists the 19 sports', () => {
    expect(homeSports).toHaveLength(19);
    expect(new Set(homeSports).size).toBe(19);
  });

  it('has the six tabs, all routed', () => {
    expect(homeTabs.map((tab) => tab.label)).toEqual([
      'LOTTERY',
      'SPORTS',
      'OUR CASINO',
      'LIVE CASINO',
      'SLOTS',
      'FANTASY',
    ]);
    for (const tab of homeTabs) expect(isRoutedPath(tab.to.split('?')[0] ?? '')).toBe(true);
  });

  it('shows the providers in order', () => {
    expect(providers).toEqual(['JILI', 'SPRIBE', 'JDB']);
  });
});
