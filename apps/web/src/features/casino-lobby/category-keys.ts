/**
 * Arrow-key movement in a category list: ArrowUp/ArrowDown move and wrap around,
 * every other key (ArrowLeft/ArrowRight included) is ignored and returns null.
 */
export function nextCategoryIndex(current: number, key: string, count: number): number | null {
  if (count <= 0) return null;
  if (key === 'ArrowDown') return (current + 1) % count;
  if (key === 'ArrowUp') return (current - 1 + count) % count;
  return null;
}

/** The selected category from `?tab=` (case-insensitive); the first category otherwise. */
export function selectedCategory(categories: readonly string[], tab: string | null): string {
  const wanted = tab?.trim().toLowerCase();
  const found = categories.find((category) => category.toLowerCase() === wanted);
  return found ?? categories[0] ?? '';
}
