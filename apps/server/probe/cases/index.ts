import type { ProbeCase } from '../types.ts';
import { badText } from './bad-text.ts';
import { connectionLoss } from './connection-loss.ts';
import { demoAllowance } from './demo-allowance.ts';
import { headers } from './headers.ts';
import { lockOut } from './lock-out.ts';
import { pathSpellings } from './path-spellings.ts';
import { signInRace } from './sign-in-race.ts';
import { sockets } from './sockets.ts';
import { starvation } from './starvation.ts';
import { uppercaseIds } from './uppercase-ids.ts';

/**
 * Run order matters: cases that can lock accounts or addresses (sign-in race, starvation, lock-out)
 * come after every case that needs a fresh sign-in, and cutting the database comes last because a
 * portal that does not survive it cannot answer anything after.
 */
export const CASES: readonly ProbeCase[] = [
  headers,
  pathSpellings,
  badText,
  uppercaseIds,
  sockets,
  demoAllowance,
  signInRace,
  starvation,
  lockOut,
  connectionLoss,
];
