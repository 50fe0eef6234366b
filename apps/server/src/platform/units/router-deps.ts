import type { Database } from '../../db/database.ts';
import type { Bus } from '../../lib/bus.ts';
import type { Lifecycle } from '../lifecycle.ts';
import type { Leases } from './leases.ts';
import type { UnitRouterOptions } from './types.ts';

export type UnitLog = {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
};

export type UnitRouterDeps = {
  db: Database;
  bus: Bus;
  /** Where the `units` worker runs; it joins with the first registered kind (no kinds, no worker). */
  lifecycle?: Lifecycle;
  options?: Partial<UnitRouterOptions>;
  log?: UnitLog;
  /** Tests and the benchmark pass a lease store; by default PostgreSQL rows, or local on PGlite. */
  leases?: Leases;
};

export type UnitRouterHealth = {
  instance: string;
  ownedUnits: number;
  queuedCommands: number;
  forwarding: number;
};
