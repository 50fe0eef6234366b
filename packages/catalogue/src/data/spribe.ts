import { title, type TitleSpec } from './title.ts';

/** SPRIBE's eleven titles (spec §1 and §9). */
export const SPRIBE_TITLES: readonly TitleSpec[] = [
  title('Aviator', 'crash', 'crash', { theme: 'plane', maxMultiplier: 1_000_000 }),
  title('Dice', 'instant', 'dice', { theme: 'classic', rollMax: 100 }),
  title('Goal', 'instant', 'tower', { theme: 'football', floors: 10, columns: 4 }),
  title('Hi Lo', 'instant', 'hilo', { theme: 'classic', decks: 1 }),
  title('Hotline', 'instant', 'wheel', { theme: 'hotline', segments: 10 }),
  title('Keno', 'instant', 'keno', { theme: 'classic', boardSize: 40, drawn: 10, maxPicks: 10 }),
  title('Mines', 'instant', 'mines', { theme: 'classic', gridSize: 25, maxMines: 20 }),
  title('Mini Roulette', 'instant', 'roulette', { theme: 'mini', pockets: 13 }),
  title('Plinko', 'instant', 'plinko', { theme: 'classic', rows: 12, risk: 'medium' }),
  title('Balloon', 'crash', 'crash', { theme: 'balloon', maxMultiplier: 1000 }),
  title('Keno 80', 'instant', 'keno', { theme: 'eighty', boardSize: 40, drawn: 10, maxPicks: 10 }),
];
