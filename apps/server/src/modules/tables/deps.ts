import type { Database } from '../../db/database.ts';
import type { StreamRegistry } from '../../platform/stream/index.ts';
import type { UnitRouter } from '../../platform/units/index.ts';
import type { AdmissionGate } from '../admission/index.ts';
import type { WalletService } from '../wallet/index.ts';

/** What the tables module uses of the composed app (docs/decisions/0071). */
export type TablesDeps = {
  db: Database;
  wallet: Pick<WalletService, 'executeMany'>;
  /** Whether a player may stake (docs/decisions/0231). */
  admission: Pick<AdmissionGate, 'prepareStandings' | 'admitStanding'>;
  streams: Pick<StreamRegistry, 'register' | 'publish'>;
  units: Pick<UnitRouter, 'register' | 'host'>;
  env: { TABLE_SPEED: number };
  log?: { error(object: object, message: string): void };
};

export type TablesOptions = {
  /** The server clock every bet, cash-out and phase change is judged by (tests pass a fake one). */
  nowMs?: () => number;
  /**
   * Whether a loaded unit schedules its own phase changes (the live loop). Tests that drive rounds by
   * hand turn this off and send `advance` commands at the fake clock's times.
   */
  timers?: boolean;
  /** Fresh randomness for server seeds and crash chains (tests pass a seeded source). */
  randomHex?: (bytes: number) => string;
  /** Rounds in one crash hash chain; a new chain (new commitment and salt) starts when it runs out. */
  crashChainLength?: number;
};

export type ResolvedOptions = Required<TablesOptions>;

export const tableUnitId = (tableId: string) => `table:${tableId}`;
export const CRASH_UNIT_ID = 'crash:main';
export const CRASH_TABLE_ID = 'crash';
