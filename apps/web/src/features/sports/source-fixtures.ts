import type { SourceBook, SourceRunner } from '@backlay/contracts';

/** Source books for tests of the match page (no page imports this). */
export function sourceRunner(id: string, patch: Partial<SourceRunner> = {}): SourceRunner {
  return {
    id,
    sourceSelectionId: 1,
    name: `Runner ${id}`,
    status: 'ACTIVE',
    adjustmentFactor: null,
    ltp: null,
    tv: null,
    atb: [],
    atl: [],
    trd: [],
    ...patch,
  };
}

export function sourceBook(runners: SourceRunner[], patch: Partial<SourceBook> = {}): SourceBook {
  return {
    feedId: 'f1',
    sourceMarketId: '1.1',
    pt: 1_650_392_673_420,
    status: 'OPEN',
    inPlay: false,
    runners,
    ...patch,
  };
}
