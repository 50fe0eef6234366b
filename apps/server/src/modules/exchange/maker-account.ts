import type { WalletService } from '../wallet/index.ts';
import { depositRequest } from '../wallet/index.ts';
import type { MakerOptions } from './context.ts';

/** The market maker's bankroll: enough for its exposure limit on a few hundred markets at once. */
export const MAKER_FUNDING_MINOR = 5_000_000_000n;

/** Opens and funds the market maker's account once (the key makes a second funding a no-op). */
export async function openMakerAccount(wallet: WalletService, maker: MakerOptions): Promise<void> {
  await wallet.openPlayer(maker.accountId);
  const outcome = await wallet.execute(
    depositRequest(
      maker.accountId,
      MAKER_FUNDING_MINOR,
      'Market maker bankroll',
      `maker-funding:${maker.accountId}`,
    ),
  );
  if (!outcome.result.ok) throw new Error(`market maker funding failed: ${outcome.result.code}`);
}
