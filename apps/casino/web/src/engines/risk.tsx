import type { GameView } from '../lib/api.ts';
import { configOf, type EngineProps } from './engine-props.ts';
import { Choice } from './controls.tsx';

const RISKS = ['low', 'medium', 'high'];

/** Multipliers by risk, then by size (plinko's rows, the wheel's segments), as the config sends them. */
type RiskTables = Record<string, Record<string, number[]>>;

/** The multipliers for this risk and size; empty while the config has no such table. */
export function riskTable(game: GameView, risk: string, size: number): number[] {
  const { tables } = configOf<{ tables: RiskTables }>(game);
  return tables[risk]?.[String(size)] ?? [];
}

/** The low / medium / high choice that keno, plinko and the wheel all price by; it sets `params.risk`. */
export function RiskChoice({ params, setParams, busy }: Pick<EngineProps, 'params' | 'setParams' | 'busy'>) {
  return (
    <Choice
      label="Risk"
      value={params.risk as string}
      options={RISKS}
      disabled={busy}
      onChange={(risk) => setParams({ ...params, risk })}
    />
  );
}
