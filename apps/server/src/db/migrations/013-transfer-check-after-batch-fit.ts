/**
 * The check that a transfer names existing accounts (transfers_accounts_exist, 002) is skipped for the
 * rows of a batch that ledger_transfers_fit has just checked (docs/decisions/0205): the batch post
 * says so for the span of its one insert with a transaction-local setting. Every other insert is
 * checked as before. The condition is evaluated without calling the trigger's function.
 */
export const sql = `
DROP TRIGGER transfers_accounts_exist ON transfers;
CREATE TRIGGER transfers_accounts_exist BEFORE INSERT ON transfers FOR EACH ROW
  WHEN (current_setting('ledger.batch_accounts_checked', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION ledger_check_transfer_accounts();
`;
