/** The operator's cash desk: HTTP routes and the services the admin CLI shares with them (docs/decisions/0071). */
export { adminRoutes } from './routes.ts';
export type { AdminDeps } from './admin-service.ts';
export { changeStatus, createPlayer, moveCash, PLAYER_NOT_FOUND } from './admin-service.ts';
export { listPlayers } from './players-repo.ts';
