import type { Rejection } from '../../platform/rejections.ts';
import { admissionRejection } from '../admission/index.ts';
import type { TablesContext } from './context.ts';

/**
 * The admission gate's verdict on who is betting (docs/decisions/0231): held in memory, read only for a
 * player the gate does not know yet. The money is judged by the ledger in the bet's batch, whose
 * refusal carries the gate's INSUFFICIENT_FUNDS.
 */
export async function admissionRefusal(
  context: TablesContext,
  playerId: string,
  stakeMinor: bigint,
): Promise<Rejection | null> {
  await context.admission.prepareStandings([playerId]);
  const admission = context.admission.admitStanding(playerId, { stake: { kind: 'stake', stakeMinor } });
  return admission.ok ? null : admissionRejection(admission);
}
