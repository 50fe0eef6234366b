import type { Capability } from '../lib/permissions.ts';
import { paths } from '../paths.ts';

export interface NavItem {
  label: string;
  to: string;
  /** Only staff with this capability see the entry; none: every staff member. */
  needs?: Capability;
  /** An agent sees this entry; an agent sees no other (docs/decisions/0287). */
  agents?: true;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', to: paths.home },
  { label: 'Players', to: paths.players },
  { label: 'Downline', to: paths.downline, agents: true },
  { label: 'Downline P/L', to: paths.downlinePl, agents: true },
  { label: 'Live bets', to: paths.liveBets, agents: true },
  { label: 'Markets', to: paths.markets },
  { label: 'Market analysis', to: paths.analysis, agents: true },
  { label: 'Bets', to: paths.bets },
  { label: 'Feeds', to: paths.feeds, needs: 'trading' },
  { label: 'Live games', to: paths.games },
  { label: 'Casino', to: paths.casino },
  { label: 'Reports', to: paths.reports },
  { label: 'Audit log', to: paths.audit },
  { label: 'Staff', to: paths.staff, needs: 'staff' },
];
