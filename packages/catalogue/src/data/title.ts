import type { Category, EngineId, EngineParamsMap, EnginePlay } from '../types.ts';

/** A title as the data files list it, before ids and thumbnail addresses are assigned. */
export interface TitleSpec {
  name: string;
  category: Category;
  play: EnginePlay;
}

/** One title with its engine; the generic keeps `params` checked against the engine's own shape. */
export function title<E extends EngineId>(
  name: string,
  category: Category,
  engine: E,
  params: EngineParamsMap[E],
): TitleSpec {
  return { name, category, play: { engine, params } as EnginePlay };
}
