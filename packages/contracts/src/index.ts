export * from './auth.ts';
export * from './errors.ts';
export * from './balance-socket.ts';
export * from './game-launch.ts';
