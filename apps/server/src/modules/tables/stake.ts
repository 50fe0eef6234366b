import { MAX_LEDGER_AMOUNT_MINOR, parseAmountMinor } from '@backlay/ledger';
import { reject, type Result } from '../../platform/rejections.ts';

/** A stake as typed: exact decimals, positive; the market's limits are judged by the unit. */
export function parseStake(input: unknown): Result<bigint> {
  const parsed = parseAmountMinor(input, { maxMinor: MAX_LEDGER_AMOUNT_MINOR });
  return parsed.ok ? { ok: true, value: parsed.amountMinor } : reject('invalid', parsed.code, parsed.message);
}
