import type { PlayerApiAccess } from '@backlay/contracts';

const keys = (count: number) => (count === 1 ? '1 key' : `${count} keys`);

/** The player page's fact: "On (2 keys)". Keys are counted while access is off: they open nothing then. */
export const apiAccessText = ({ enabled, liveKeys }: PlayerApiAccess): string =>
  `${enabled ? 'On' : 'Off'} (${keys(liveKeys)})`;

export type ApiAccessSwitch = { enabled: boolean; button: string; reasonLabel: string };

/** What the switch does from the current state: always the opposite, with the reason the audit keeps. */
export function apiAccessSwitch(enabledNow: boolean): ApiAccessSwitch {
  return enabledNow
    ? { enabled: false, button: 'Turn trading API off', reasonLabel: 'Reason to turn the trading API off' }
    : { enabled: true, button: 'Turn trading API on', reasonLabel: 'Reason to turn the trading API on' };
}

/** What the operator is told once the server has switched it. */
export const apiAccessDone = (enabled: boolean): string =>
  enabled
    ? 'Trading API on: the player’s keys work again.'
    : 'Trading API off: the player’s keys open nothing.';
