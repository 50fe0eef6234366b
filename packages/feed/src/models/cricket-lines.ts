import { toPpm } from '../ppm.ts';
import type { MarketDef, Runner } from '../types.ts';
import { type InningsTable } from './cricket-ball.ts';
import { inRangeChance, oddChance, runsAtOver, yesChance, type InningsState } from './cricket-odds.ts';
import { marketId, YES_NO, type ModelSink } from './model.ts';

/** House-priced run lines per innings: session runs (Yes/No), odd/even and khado on 6 overs. */
interface LineSpec {
  readonly market: MarketDef;
  readonly innings: 0 | 1;
  readonly overs: number;
  readonly rangeRuns?: number;
}

const ODD_EVEN: readonly Runner[] = [
  { id: 'odd', name: 'Odd' },
  { id: 'even', name: 'Even' },
];
const SESSION_OVERS = [6, 10, 20] as const;
const KHADO_RANGE_RUNS = 3;

export class CricketLines {
  private readonly specs: LineSpec[] = [];
  private readonly open = new Set<string>();

  constructor(fixtureId: string, battingOrder: readonly [Runner, Runner]) {
    ([0, 1] as const).forEach((innings) => {
      const team = battingOrder[innings].name;
      const key = (suffix: string) => marketId(fixtureId, `i${innings + 1}-${suffix}`);
      for (const overs of SESSION_OVERS) {
        this.add(innings, overs, key(`${overs}-over-runs`), 'FANCY', `${team} ${overs} over runs`, YES_NO);
      }
      this.add(innings, 6, key('6-over-odd-even'), 'ODD_EVEN', `${team} 6 over runs odd/even`, ODD_EVEN);
      const khado = { rangeRuns: KHADO_RANGE_RUNS };
      this.add(innings, 6, key('6-over-khado'), 'KHADO', `${team} 6 over runs Khado`, YES_NO, khado);
    });
  }

  private add(
    innings: 0 | 1,
    overs: number,
    id: string,
    type: MarketDef['type'],
    name: string,
    runners: readonly Runner[],
    extra: { rangeRuns?: number } = {},
  ): void {
    const market: MarketDef = { id, type, name, pricing: 'HOUSE', runners, settlesOnValue: true };
    this.specs.push({ market, innings, overs, ...extra });
    this.open.add(id);
  }

  get markets(): MarketDef[] {
    return this.specs.map((spec) => spec.market);
  }

  openIds(innings: 0 | 1): string[] {
    return this.specs
      .filter((s) => s.innings === innings && this.open.has(s.market.id))
      .map((s) => s.market.id);
  }

  /** Fresh line and fair chances for every open line of one innings. */
  publish(sink: ModelSink, innings: 0 | 1, state: InningsState, table: InningsTable): void {
    for (const spec of this.specs) {
      if (spec.innings !== innings || !this.open.has(spec.market.id)) continue;
      const { mean, variance } = runsAtOver(state, spec.overs, table);
      const id = spec.market.id;
      if (spec.market.type === 'ODD_EVEN') {
        const odd = oddChance(state, spec.overs, table);
        sink.line(id, 0, pair(['odd', 'even'], odd));
      } else if (spec.market.type === 'KHADO') {
        const line = Math.max(0, Math.round(mean) - 1);
        const inRange = inRangeChance(line, spec.rangeRuns!, mean, variance);
        sink.line(id, line, pair(['yes', 'no'], inRange), spec.rangeRuns);
      } else {
        const line = Math.max(1, Math.round(mean));
        sink.line(id, line, pair(['yes', 'no'], yesChance(line, mean, variance)));
      }
    }
  }

  /** Settles lines whose over is complete, or all of the innings' lines when it has ended. */
  settle(sink: ModelSink, innings: 0 | 1, state: InningsState, inningsOver: boolean): void {
    for (const spec of this.specs) {
      const id = spec.market.id;
      if (spec.innings !== innings || !this.open.has(id)) continue;
      if (!inningsOver && state.balls < spec.overs * 6) continue;
      this.open.delete(id);
      sink.suspend(id, 'LINE_CLOSED');
      sink.result(id, { kind: 'LINE', lineResult: state.runs });
    }
  }
}

function pair(ids: readonly [string, string], firstChance: number): Record<string, number> {
  const [a, b] = toPpm([firstChance, 1 - firstChance]);
  return { [ids[0]]: a!, [ids[1]]: b! };
}
