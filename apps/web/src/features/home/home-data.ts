import { lobbyTabPath, paths } from '../../paths.ts';

/** The home tab strip; each tab opens the matching lobby or list. */
export const homeTabs: readonly { label: string; to: string }[] = [
  { label: 'LOTTERY', to: paths.lottery },
  { label: 'SPORTS', to: lobbyTabPath(paths.ourCasino, 'Sports') },
  { label: 'OUR CASINO', to: paths.ourCasino },
  { label: 'LIVE CASINO', to: paths.liveCasino },
  { label: 'SLOTS', to: '/slot-game' },
  { label: 'FANTASY', to: '/fantasy-game' },
];

/** The sportsbook list (apps/web/README.md, Routes); every entry launches the shared sports game. */
export const homeSports: readonly string[] = [
  'Cricket',
  'Soccer',
  'Tennis',
  'American Football',
  'Baseball',
  'Basketball',
  'Boxing',
  'Darts',
  'Golf',
  'Greyhound Racing',
  'Greyhound Todays Card',
  'Horse Race Todays Card',
  'Horse Racing',
  'Mixed Martial Arts',
  'Motor Sport',
  'Rugby League',
  'Rugby Union',
  'Snooker',
  'Soccer Fixtures',
];

export const quickLinks: readonly { label: string; to: string }[] = [
  { label: 'Cricket', to: '/cricket' },
  { label: 'Football', to: '/football' },
  { label: 'Tennis', to: '/tennis' },
  { label: 'Ball by Ball', to: paths.ballByBall },
];

/** Game providers shown on home, in order. */
export const providers: readonly string[] = ['JILI', 'SPRIBE', 'JDB'];
