/**
 * The rules that decide whether a player may stake money now, for every product (docs/decisions/0231).
 * Pure: the gate (gate.ts) supplies what it holds in memory; each product maps a refusal to its own
 * wire form (rejections.ts), so every product refuses the same case with the same code.
 */

export type AdmissionCode = 'UNKNOWN_PLAYER' | 'PLAYER_SUSPENDED' | 'INSUFFICIENT_FUNDS';

export type Admission = { ok: true } | { ok: false; code: AdmissionCode; message: string };

export const ADMISSION_MESSAGES: Readonly<Record<AdmissionCode, string>> = {
  UNKNOWN_PLAYER: 'Your account could not be found. Please sign in again.',
  PLAYER_SUSPENDED: 'Your account is suspended. Please contact support.',
  INSUFFICIENT_FUNDS: 'Insufficient balance for this bet.',
};

/** What the gate knows of a player beyond money: their account's standing (later: limits, exclusions). */
export type Standing = { status: 'active' | 'suspended' };

export const ADMITTED: Admission = { ok: true };

export const refused = (code: AdmissionCode): Admission => ({
  ok: false,
  code,
  message: ADMISSION_MESSAGES[code],
});

/**
 * Judges a stake: who the player is first, then the money. `availableMinor` is null where the product
 * leaves the money to the ledger's guard (its refusal carries the same code), and the amount is what
 * the bet adds to the player's commitments (a hedge that frees money adds nothing).
 */
export function judgeStake(
  standing: Standing | null,
  amountMinor: bigint,
  availableMinor: bigint | null,
): Admission {
  if (!standing) return refused('UNKNOWN_PLAYER');
  if (standing.status !== 'active') return refused('PLAYER_SUSPENDED');
  if (availableMinor !== null && amountMinor > 0n && availableMinor < amountMinor)
    return refused('INSUFFICIENT_FUNDS');
  return ADMITTED;
}
