import type { CatalogueResponse } from '@backlay/contracts';

/** The catalogue list behind each home provider section, in the order home shows them. */
export const providerLists = [
  { label: 'JILI', key: 'jili' },
  { label: 'SPRIBE', key: 'spribe' },
  { label: 'JDB', key: 'jdb' },
] as const satisfies readonly { label: string; key: keyof CatalogueResponse }[];

/** A section heading's count, e.g. "11 games" (one title: "1 game"). */
export function gameCountText(count: number): string {
  return `${count} ${count === 1 ? 'game' : 'games'}`;
}
