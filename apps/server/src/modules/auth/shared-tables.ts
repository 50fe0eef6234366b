/**
 * The auth module's tables for a statement that joins them with another module's rows in one round trip
 * (docs/decisions/0266): a console list or report naming each row's player, the admission gate's
 * standing, a casino callback's player. A read or write of these tables alone is a function of this
 * module.
 */
export const authTables = { users: 'users', sessions: 'sessions', signIns: 'sign_ins' } as const;
