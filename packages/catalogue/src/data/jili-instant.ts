import { title, type TitleSpec } from './title.ts';

/** JILI-style crash and instant titles; spec §1 names the first twelve. */
export const JILI_INSTANT: readonly TitleSpec[] = [
  title('Go Rush', 'crash', 'crash', { theme: 'rush', maxMultiplier: 1000 }),
  title('Mines', 'instant', 'mines', { theme: 'classic', gridSize: 25, maxMines: 24 }),
  title('Tower', 'instant', 'tower', { theme: 'castle', floors: 9, columns: 4 }),
  title('HILO', 'instant', 'hilo', { theme: 'classic', decks: 1 }),
  title('Limbo', 'instant', 'limbo', { theme: 'neon', maxMultiplier: 1_000_000 }),
  title('Wheel', 'instant', 'wheel', { theme: 'classic', segments: 30 }),
  title('Mines Gold', 'instant', 'mines', { theme: 'gold', gridSize: 25, maxMines: 24 }),
  title('Keno', 'instant', 'keno', { theme: 'classic', boardSize: 40, drawn: 10, maxPicks: 10 }),
  title('Plinko', 'instant', 'plinko', { theme: 'classic', rows: 16, risk: 'medium' }),
  title('Crash Bonus', 'crash', 'crash', { theme: 'bonus', maxMultiplier: 1000 }),
  title('Crash Goal', 'crash', 'crash', { theme: 'football', maxMultiplier: 1000 }),
  title('Crash Cricket', 'crash', 'crash', { theme: 'cricket', maxMultiplier: 1000 }),
  title('Crash Touchdown', 'crash', 'crash', { theme: 'american-football', maxMultiplier: 1000 }),
  title('Keno Bonus Number', 'instant', 'keno', { theme: 'bonus', boardSize: 40, drawn: 10, maxPicks: 10 }),
  title('Keno Extra Bet', 'instant', 'keno', { theme: 'extra', boardSize: 40, drawn: 10, maxPicks: 10 }),
  title('Keno Super Chance', 'instant', 'keno', { theme: 'super', boardSize: 40, drawn: 10, maxPicks: 10 }),
  title('Win Drop', 'instant', 'plinko', { theme: 'coins', rows: 12, risk: 'high' }),
  title('Penalty Kick', 'instant', 'penalty', { theme: 'football', shots: 5 }),
  title('Color Prediction', 'instant', 'roulette', { theme: 'colors', pockets: 10 }),
  title('Cricket Roulette', 'instant', 'roulette', { theme: 'cricket', pockets: 37 }),
  title('Fruity Wheel', 'instant', 'wheel', { theme: 'fruit', segments: 20 }),
];

/** JILI-style fishing ("Shooting Games") titles; spec §1 and §9: 11. */
export const JILI_FISHING: readonly TitleSpec[] = [
  fishing('Royal Fishing', 'royal'),
  fishing('Bombing Fishing', 'bombs'),
  fishing('Dinosaur Tycoon', 'dinosaurs'),
  fishing('Jackpot Fishing', 'jackpot'),
  fishing('Dragon Fortune', 'dragons'),
  fishing('Mega Fishing', 'mega'),
  fishing('Boom Legend', 'legend'),
  fishing('Happy Fishing', 'reef'),
  fishing('All-star Fishing', 'all-star'),
  fishing('Dinosaur Tycoon II', 'dinosaurs'),
  fishing('Ocean King Jackpot', 'ocean-king'),
];

function fishing(name: string, theme: string): TitleSpec {
  return title(name, 'fishing', 'fishing', { theme, seats: 4 });
}
