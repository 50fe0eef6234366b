import { formatMinor, LEDGER_CODES, MAX_TRANSFER_MINOR } from '@backlay/ledger';
import { z } from 'zod';

/** Money in JSON: a decimal string with exactly two decimals, e.g. "1500.00" or "-20.50". */
export const moneySchema = z.string().regex(/^-?\d+\.\d{2}$/, 'must be a decimal string like "1500.00"');
export type Money = z.infer<typeof moneySchema>;

/**
 * An amount the client types: a decimal string ("1500", "1500.5") or a JSON number. The server parses it
 * exactly (at most 2 decimals, > 0, ≤ the cash desk limit) and answers 400 with a message otherwise, so
 * the schema only bounds the shape.
 */
export const amountInputSchema = z.union([z.string().max(64), z.number()]);
export type AmountInput = z.infer<typeof amountInputSchema>;

/** The cash desk limit for one deposit or withdrawal, in points (MAX_TRANSFER_MINOR in the ledger). */
export const MAX_CASH_DESK_AMOUNT = formatMinor(MAX_TRANSFER_MINOR);

/** A player's spendable balance and total exposure held. */
export const balancesSchema = z.object({ balance: moneySchema, exposure: moneySchema });
export type Balances = z.infer<typeof balancesSchema>;

/** Ledger result codes a route may answer in `code` (with the ledger's message). */
export const ledgerErrorCodeSchema = z.enum(LEDGER_CODES);
export type LedgerErrorCode = z.infer<typeof ledgerErrorCodeSchema>;
