import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { EngineProps } from './engine-props.ts';

type View = LazyExoticComponent<ComponentType<EngineProps>>;

/** Every engine view in its own chunk: a page loads the frame and the one view its title needs. */
const VIEWS: Readonly<Record<string, View>> = {
  slots: lazy(() => import('./slots-view.tsx')),
  dice: lazy(() => import('./dice-view.tsx')),
  limbo: lazy(() => import('./limbo-view.tsx')),
  crash: lazy(() => import('./crash-view.tsx')),
  mines: lazy(() => import('./mines-view.tsx')),
  plinko: lazy(() => import('./plinko-view.tsx')),
  keno: lazy(() => import('./keno-view.tsx')),
  wheel: lazy(() => import('./wheel-view.tsx')),
  hilo: lazy(() => import('./hilo-view.tsx')),
  tower: lazy(() => import('./tower-view.tsx')),
  fishing: lazy(() => import('./fishing-view.tsx')),
  roulette: lazy(() => import('./board-view.tsx')),
  baccarat: lazy(() => import('./card-duel-view.tsx')),
  blackjack: lazy(() => import('./blackjack-view.tsx')),
  bingo: lazy(() => import('./bingo-view.tsx')),
  shootout: lazy(() => import('./shootout-view.tsx')),
  cricket: lazy(() => import('./cricket-view.tsx')),
  'goal-call': lazy(() => import('./goal-call-view.tsx')),
};

export function viewOf(family: string): View | undefined {
  return VIEWS[family];
}
