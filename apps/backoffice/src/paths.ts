/** Every route of the console, under the hash (docs/decisions/0250). */
export const paths = {
  home: '/',
  signIn: '/sign-in',
  players: '/players',
  player: (id: string) => `/players/${encodeURIComponent(id)}`,
  markets: '/markets',
  newEvent: '/markets/new',
  market: (id: string) => `/markets/${encodeURIComponent(id)}`,
  bets: '/bets',
  feeds: '/feeds',
  games: '/games',
  casino: '/casino',
  reports: '/reports',
  audit: '/audit',
  staff: '/staff',
  downline: '/downline',
  downlineOf: (id: string) => `/downline/${encodeURIComponent(id)}`,
} as const;
