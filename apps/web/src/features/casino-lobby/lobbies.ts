import { paths } from '../../paths.ts';

export interface Lobby {
  title: string;
  path: string;
  /** The first category is the default when `?tab=` is missing or unknown. */
  categories: readonly string[];
}

export const lobbies = {
  ourCasino: {
    title: 'Our Casino',
    path: paths.ourCasino,
    categories: [
      'Allcasino',
      'Roulette',
      'Teenpati',
      'Poker',
      'Baccarat',
      'DragonTiger',
      '32 Card',
      'AnderBahar',
      'Lucky 7',
      '3 Card Judgement',
      'CasinoWar',
      'Worli',
      'Sports',
      'Bollywood',
      'Lottery',
      'Queen',
      'Race',
      'Others',
    ],
  },
  liveCasino: {
    title: 'Live Casino',
    path: paths.liveCasino,
    categories: ['Tembo', 'Creedroomz', 'VivoGames', 'LuckyStreak', 'Evolution', 'EZUGI', 'CockFights'],
  },
  ourVirtual: {
    title: 'Our Virtual',
    path: paths.ourVirtual,
    categories: ['AllCasino', 'Teenpatti', 'DragonTiger', 'Lucky', 'Bollywood', 'Others'],
  },
} as const satisfies Record<string, Lobby>;
