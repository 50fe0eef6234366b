// First: configures zod before any schema below is built.
import './zod-config.ts';

export * from './auth.ts';
export * from './errors.ts';
export * from './balance-socket.ts';
export * from './stream.ts';
export * from './game-launch.ts';
export * from './catalogue.ts';
export * from './wallet.ts';
export * from './admin.ts';
export * from './reports.ts';
export * from './settings.ts';
export * from './sports.ts';
export * from './ids.ts';
export * from './bets.ts';
export * from './tables.ts';
export * from './casino.ts';
export * from './protection.ts';
export * from './reality-check.ts';
export * from './limits.ts';
export * from './staff.ts';
export * from './positions.ts';
export * from './admin-bets.ts';
