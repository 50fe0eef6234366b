/**
 * The created markets in the order the request listed them (their `sort_order`): the read by id answers
 * in whatever order the database finds them, and a console shows them as the operator entered them.
 */
export function inRequestOrder<T extends { id: string }>(
  markets: readonly T[],
  marketIds: readonly string[],
): T[] {
  const position = new Map(marketIds.map((id, index) => [id, index]));
  const at = (market: T) => position.get(market.id) ?? marketIds.length;
  return [...markets].sort((a, b) => at(a) - at(b));
}
