/** Player protection: breaks from play and their history (docs/decisions/0232). */
export { protectionRoutes } from './routes.ts';
export type { ProtectionDeps } from './breaks-service.ts';
