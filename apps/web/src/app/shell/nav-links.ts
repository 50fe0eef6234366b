import { paths } from '../../paths.ts';

export interface NavLink {
  label: string;
  to: string;
}

export interface SidebarGroup {
  title: string;
  links: NavLink[];
}

/** Sidebar groups (apps/web/README.md, Layout), all open by default. */
export const sidebarGroups: readonly SidebarGroup[] = [
  {
    title: 'Racing Sports',
    links: [
      { label: 'Horse Racing', to: '/horse-racing' },
      { label: 'Greyhound Racing', to: '/greyhound-racing' },
    ],
  },
  {
    title: 'Others',
    links: [
      { label: 'Our Casino', to: paths.ourCasino },
      { label: 'Live Casino', to: paths.liveCasino },
      { label: 'Our Virtual', to: paths.ourVirtual },
      { label: 'Slot Game', to: '/slot-game' },
      { label: 'Fantasy Game', to: '/fantasy-game' },
    ],
  },
  {
    title: 'All Sports',
    links: [
      { label: 'Politics', to: '/politics' },
      { label: 'Cricket', to: '/cricket' },
      { label: 'Football', to: '/football' },
      { label: 'Table Tennis', to: '/table-tennis' },
      { label: 'Badminton', to: '/badminton' },
      { label: 'Esoccer', to: '/esoccer' },
      { label: 'Basketball', to: '/basketball' },
      { label: 'Volleyball', to: '/volleyball' },
      { label: 'Snooker', to: '/snooker' },
      { label: 'Ice Hockey', to: '/ice-hockey' },
      { label: 'F Games', to: '/f-games' },
      { label: 'Tennis', to: '/tennis' },
    ],
  },
];

/** Header links (apps/web/README.md, Routes): all lead to /home; Aviator also launches its game. */
export const headerLinks: readonly string[] = [
  'Exchange',
  'Aviator',
  'All Casino',
  'Slot Game',
  'Table Game',
  'Instant Win',
  'Shooting Games',
  'Live Casino',
  'Virtual Sports',
  'Indian Casino',
];

/** The Demo dropdown's links; Sign out follows them. */
export const userMenuLinks: readonly NavLink[] = [
  { label: 'Account Statement', to: paths.account },
  { label: 'Current Bet', to: paths.currentBet },
  { label: 'Casino results', to: paths.casinoResult },
  { label: 'Set button values', to: paths.setButtonValue },
  { label: 'Responsible gaming', to: paths.responsibleGaming },
  { label: 'API access', to: paths.apiAccess },
];
