/** One line of the Edit form's caps per sport (docs/decisions/0300): a sport's slug and its cap. */
export type CapLine = { key: number; sport: string; amount: string };

/** The lines an account's caps start the form with, in the order the server gave them. */
export const capLinesOf = (caps: Readonly<Record<string, string>>): CapLine[] =>
  Object.entries(caps).map(([sport, amount], key) => ({ key, sport, amount }));

/**
 * What a PATCH sends for the lines shown: each new or changed cap, and null for each sport whose cap
 * was removed (its line gone or its amount emptied). Undefined when nothing changed.
 */
export function sportCapChanges(
  before: Readonly<Record<string, string>>,
  lines: readonly CapLine[],
): Record<string, string | null> | undefined {
  const after = new Map(
    lines.map((line) => [line.sport, line.amount.trim()] as const).filter(([, amount]) => amount !== ''),
  );
  const changes: Record<string, string | null> = {};
  for (const sport of Object.keys(before)) if (!after.has(sport)) changes[sport] = null;
  for (const [sport, amount] of after) if (amount !== before[sport]) changes[sport] = amount;
  return Object.keys(changes).length > 0 ? changes : undefined;
}
