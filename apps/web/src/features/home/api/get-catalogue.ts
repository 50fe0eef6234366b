/** Home reads the catalogue through the portal-wide query, so home and the lobbies share one cache entry. */
export { getCatalogue, useCatalogue } from '../../../lib/catalogue-query.ts';
