import { z } from 'zod';
import { gameIdSchema } from './game-launch.ts';

/** The kinds of title a catalogue item may be (the home grids' filters group by these). */
export const catalogueCategorySchema = z.enum([
  'slot',
  'crash',
  'instant',
  'fishing',
  'table',
  'card',
  'bingo',
  'lottery',
  'fantasy',
]);
export type CatalogueCategory = z.infer<typeof catalogueCategorySchema>;

/**
 * One game tile (spec §3): name, id (JDB's numeric code or an opaque 32-character code), thumbnail URL
 * and category; JDB titles add `provider: "jdb"` and `gType`, which `/api/jdbgamelink` needs.
 */
export const catalogueItemSchema = z.object({
  name: z.string().min(1),
  id: gameIdSchema,
  img: z.string().min(1),
  category: catalogueCategorySchema,
  provider: z.literal('jdb').optional(),
  url: z.string().optional(),
  gType: z.number().int().nonnegative().optional(),
});
export type CatalogueItemResponse = z.infer<typeof catalogueItemSchema>;

/** `GET /api/catalogue` (docs/decisions/0117, 0118): the three provider lists in catalogue order. */
export const catalogueResponseSchema = z.object({
  jili: z.array(catalogueItemSchema),
  spribe: z.array(catalogueItemSchema),
  jdb: z.array(catalogueItemSchema),
});
export type CatalogueResponse = z.infer<typeof catalogueResponseSchema>;
