import type { SqlFunction } from './apply.ts';

/** The casino wallet's check on a batch written from foresight or memory (docs/decisions/0200, 0202). */
export const casinoWalletFunctions: readonly SqlFunction[] = [
  // Fails the statement that computed `p_ok` unless it is true, as a serialization failure: the batch
  // is then written again the ordinary way. The checks themselves are the callers' statements
  // (wallet-repo.ts expectForeseen, settleUnlockedBets).
  {
    signature: 'casino_expect_foreseen(boolean)',
    sql: `
CREATE OR REPLACE FUNCTION casino_expect_foreseen(p_ok boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_ok IS NOT TRUE THEN
    RAISE EXCEPTION 'a casino batch did not find what it foresaw' USING ERRCODE = '40001';
  END IF;
END $$;
`,
  },
];
