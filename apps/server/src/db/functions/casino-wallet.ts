import type { SqlFunction } from './apply.ts';

/** The casino wallet's check on a batch written from foresight (docs/decisions/0200). */
export const casinoWalletFunctions: readonly SqlFunction[] = [
  // Fails the statement that computed `p_ok` unless it is true, as a serialization failure: the batch
  // is then written again the ordinary way. The check itself is the caller's statement (wallet-repo.ts
  // expectCash), planned afresh each time so that it always finds the batch's transfers by their keys.
  {
    signature: 'casino_expect_foreseen(boolean)',
    sql: `
CREATE OR REPLACE FUNCTION casino_expect_foreseen(p_ok boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_ok IS NOT TRUE THEN
    RAISE EXCEPTION 'the ledger did not post a casino batch as foreseen' USING ERRCODE = '40001';
  END IF;
END $$;
`,
  },
];
