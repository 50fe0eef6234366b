/** The operator's staff and their roles (docs/decisions/0236). */
export { staffRoutes } from './routes.ts';
