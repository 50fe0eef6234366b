/** The game catalogue over HTTP: the list and its thumbnails (docs/decisions/0071, 0118, 0119). */
export { catalogueRoutes } from './routes.ts';
