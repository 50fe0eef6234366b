import type { Database } from '../../db/database.ts';
import type { StreamRegistry } from '../../platform/stream/index.ts';
import type { UnitRouter } from '../../platform/units/index.ts';
import type { AdmissionGate } from '../admission/index.ts';
import type { WalletService } from '../wallet/index.ts';
import type { AgentChains } from '../shares/index.ts';

/** What the exchange uses of the composed app (docs/decisions/0071). */
export type ExchangeDeps = {
  db: Database;
  wallet: WalletService;
  /** Whether a player may stake: status and funds (docs/decisions/0231). */
  admission: AdmissionGate;
  units: UnitRouter;
  streams: Pick<StreamRegistry, 'publish'>;
  log?: { error(object: object, message: string): void };
  /** The agent tree a settlement shares its results along (docs/decisions/0291); none: no sharing. */
  agentChains?: AgentChains;
};
