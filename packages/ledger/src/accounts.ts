/**
 * Account kinds and the one balance rule that differs between them.
 *
 * Every balance is `credits − debits` over posted transfers, for every kind alike, so the sum over all
 * accounts is zero by construction. Money leaves the debit account and arrives at the credit account.
 */
export const ACCOUNT_KINDS = [
  'PLAYER_CASH',
  'PLAYER_HOLD',
  'HOUSE',
  'COMMISSION',
  'CASINO_CLEARING',
  'OPERATOR_FUNDING',
  'AGENT_PL',
] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/** One account per kind for the whole portal; players' and agents' accounts are one per owner. */
export type SystemAccountKind = Exclude<AccountKind, 'PLAYER_CASH' | 'PLAYER_HOLD' | 'AGENT_PL'>;

export type AccountId = string;

export interface Account {
  readonly accountId: AccountId;
  readonly kind: AccountKind;
  /** Owner of a PLAYER_CASH / PLAYER_HOLD account; null for system and agents' P/L accounts. */
  readonly playerId: string | null;
}

/**
 * Player money is a liability we owe the player and can never be negative (the SQL adapter mirrors this
 * with `CHECK (balance_minor >= 0)` on player accounts). The other side of every player movement is a
 * system account, which is where the book's negative positions live (e.g. funding is negative by the
 * total ever deposited).
 */
export function mayGoNegative(kind: AccountKind): boolean {
  return kind !== 'PLAYER_CASH' && kind !== 'PLAYER_HOLD';
}

/** One account per system kind; ids are fixed so every instance of the portal agrees on them. */
export const SYSTEM_ACCOUNT_IDS: Readonly<Record<SystemAccountKind, AccountId>> = {
  HOUSE: 'house',
  COMMISSION: 'commission',
  CASINO_CLEARING: 'casino-clearing',
  OPERATOR_FUNDING: 'operator-funding',
};

// A player's account id is its kind's prefix and the player's id; both prefixes have one length.
const CASH_PREFIX = 'cash:';
const HOLD_PREFIX = 'hold:';
const AGENT_PL_PREFIX = 'agent-pl:';

/** The player's spendable money (what the balance socket calls `money`). */
export function playerCashAccountId(playerId: string): AccountId {
  return `${CASH_PREFIX}${playerId}`;
}

/** The player's single exposure-hold account: the sum of all their pending holds. */
export function playerHoldAccountId(playerId: string): AccountId {
  return `${HOLD_PREFIX}${playerId}`;
}

/**
 * An agent's share of its downline's results (docs/decisions/0291): booked against the house, so it goes
 * negative when the agent's players won, like the house's own account.
 */
export function agentPlAccountId(agentId: string): AccountId {
  return `${AGENT_PL_PREFIX}${agentId}`;
}

/** Whether an account id names an agent's P/L account. */
export function isAgentPlAccountId(accountId: AccountId): boolean {
  return accountId.startsWith(AGENT_PL_PREFIX);
}

/** The agent's P/L account id in SQL from an SQL expression of the agent's id as text. */
export const agentPlAccountIdSql = (agentIdSql: string): string => `'${AGENT_PL_PREFIX}' || ${agentIdSql}`;

/** The agent's P/L account as a ledger account (not a player's: it may go negative). */
export function agentPlAccount(agentId: string): Account {
  return { accountId: agentPlAccountId(agentId), kind: 'AGENT_PL', playerId: null };
}

/** Whether an account id names a player's cash account (of any player, the market maker's too). */
export function isPlayerCashAccountId(accountId: AccountId): boolean {
  return accountId.startsWith(CASH_PREFIX);
}

/**
 * The same ids in SQL, for a statement that reaches a player's accounts from a column of player ids
 * (a list, a batch): `playerIdSql` is an SQL expression of text.
 */
export const playerCashAccountIdSql = (playerIdSql: string): string => `'${CASH_PREFIX}' || ${playerIdSql}`;
export const playerHoldAccountIdSql = (playerIdSql: string): string => `'${HOLD_PREFIX}' || ${playerIdSql}`;

/** The player's id in SQL from an SQL expression naming a player's cash or hold account. */
export const playerIdOfAccountSql = (accountIdSql: string): string =>
  `substr(${accountIdSql}, ${CASH_PREFIX.length + 1})`;

export function systemAccounts(): Account[] {
  return (Object.entries(SYSTEM_ACCOUNT_IDS) as [SystemAccountKind, AccountId][]).map(
    ([kind, accountId]) => ({
      accountId,
      kind,
      playerId: null,
    }),
  );
}

export function playerAccounts(playerId: string): [Account, Account] {
  return [
    { accountId: playerCashAccountId(playerId), kind: 'PLAYER_CASH', playerId },
    { accountId: playerHoldAccountId(playerId), kind: 'PLAYER_HOLD', playerId },
  ];
}
