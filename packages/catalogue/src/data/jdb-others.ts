import type { EngineParamsMap } from '../types.ts';
import { title, type TitleSpec } from './title.ts';

/** A non-slot JDB title with its game type (`gType`) and machine type (`mType`, the numeric game id). */
export interface JdbTitle {
  gType: number;
  mType: number;
  spec: TitleSpec;
  /** False where the code was generated in JDB's scheme because no public list confirmed it. */
  confirmed: boolean;
}

const jdb = (gType: number, mType: number, spec: TitleSpec, confirmed = true): JdbTitle => ({
  gType,
  mType,
  spec,
  confirmed,
});

const fish = (mType: number, name: string, theme: string) =>
  jdb(7, mType, title(name, 'fishing', 'fishing', { theme, seats: 4 }));

const ring = (mType: number, name: string, theme: string, segments: EngineParamsMap['wheel']['segments']) =>
  jdb(9, mType, title(name, 'instant', 'wheel', { theme, segments }));

/** gType 7 fishing, 9 arcade, 12 lottery, 18 card, 22 SPRIBE titles through JDB, 41 table. */
export const JDB_OTHERS: readonly JdbTitle[] = [
  fish(7001, 'Dragon Fishing', 'dragons'),
  fish(7002, 'Dragon Fishing II', 'dragons'),
  fish(7003, 'Cai Shen Fishing', 'caishen'),
  fish(7004, 'Shade Dragons Fishing', 'shade'),
  fish(7005, 'Fishing Yilufa', 'yilufa'),
  fish(7006, 'Dragon Master', 'master'),
  fish(7007, 'Fishing Disco', 'disco'),
  fish(7008, 'Fighter Fire', 'fire'),
  fish(7009, 'Fishing Legend', 'legend'),
  ring(9001, 'Classic Mario', 'fruit-ring', 20),
  ring(9002, 'Happy New Year', 'new-year', 20),
  ring(9003, 'Birds and Animals', 'animals', 30),
  ring(9004, 'Beer Tycoon', 'beer', 20),
  ring(9006, 'Huaguoshan Legends', 'monkey', 20),
  ring(9007, 'Super Super Fruit', 'fruit', 20),
  jdb(9, 9008, title('Crazy King Kong', 'instant', 'tower', { theme: 'kong', floors: 8, columns: 3 })),
  jdb(9, 9009, title('King of Football', 'instant', 'penalty', { theme: 'football', shots: 5 })),
  jdb(9, 9010, title('Lucky Color Game', 'instant', 'sic-bo', { theme: 'colors', dice: 3, faces: 'colors' })),
  ring(9011, 'Caishen Party', 'caishen', 20),
  jdb(9, 9012, title('Jogo do Bicho', 'lottery', 'lottery', { theme: 'animals', numbers: 25, picks: 1 })),
  jdb(9, 9013, title('Galaxy Burst', 'crash', 'crash', { theme: 'galaxy', maxMultiplier: 1000 })),
  jdb(9, 9014, title('Mines', 'instant', 'mines', { theme: 'classic', gridSize: 25, maxMines: 24 })),
  jdb(9, 9015, title('Firework Burst', 'crash', 'crash', { theme: 'fireworks', maxMultiplier: 1000 })),
  jdb(9, 9016, title('Goal', 'instant', 'tower', { theme: 'football', floors: 10, columns: 4 })),
  jdb(9, 9017, title('Hilo', 'instant', 'hilo', { theme: 'classic', decks: 1 })),
  jdb(9, 9018, title('Plinko', 'instant', 'plinko', { theme: 'classic', rows: 14, risk: 'medium' })),
  jdb(9, 9019, title('Dice', 'instant', 'dice', { theme: 'classic', rollMax: 100 })),
  jdb(9, 9020, title('Mole Crash', 'crash', 'crash', { theme: 'mole', maxMultiplier: 500 })),
  jdb(9, 9021, title('Mines2', 'instant', 'mines', { theme: 'second', gridSize: 25, maxMines: 24 })),
  jdb(12, 12001, title('Cai Shen Bingo', 'lottery', 'bingo', { theme: 'caishen', balls: 75, cards: 4 })),
  jdb(12, 12002, title('Gold Rooster Lottery', 'lottery', 'lottery', { theme: 'rooster', numbers: 49, picks: 6 })),
  jdb(12, 12003, title('Happy Lottery', 'lottery', 'lottery', { theme: 'happy', numbers: 36, picks: 5 })),
  jdb(18, 18026, title('Dragon Tiger - Joker Bonus', 'card', 'dragon-tiger', { theme: 'joker', joker: true })),
  jdb(18, 18027, title('Tongits Rush', 'card', 'rummy', { theme: 'rush', variant: 'tongits' }), false),
  jdb(18, 18028, title('Pusoy Rush', 'card', 'rummy', { theme: 'rush', variant: 'pusoy' }), false),
  jdb(22, 22001, title('Aviator', 'crash', 'crash', { theme: 'plane', maxMultiplier: 1_000_000 })),
  jdb(22, 22004, title('Plinko', 'instant', 'plinko', { theme: 'spribe', rows: 12, risk: 'medium' })),
  jdb(41, 41001, title('Baccarat', 'table', 'baccarat', { theme: 'classic', speed: 'normal' })),
];
