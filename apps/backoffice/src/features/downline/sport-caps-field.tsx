import { useQuery } from '@tanstack/react-query';
import { fetchSportNames } from './api.ts';
import type { CapLine } from './sport-caps.ts';

type Props = { lines: readonly CapLine[]; onChange: (lines: CapLine[]) => void };

/**
 * The Edit form's caps per sport (docs/decisions/0300): a line per sport with its own cap, each with a
 * sport, an amount and a way to remove it, and a button that adds a line for a sport not yet listed.
 */
export function SportCapsField({ lines, onChange }: Props) {
  const sports = useQuery({ queryKey: ['sports'], queryFn: ({ signal }) => fetchSportNames(signal) });
  const known = sports.data?.sports ?? [];
  const nameOf = (slug: string) => known.find((sport) => sport.slug === slug)?.name ?? slug;
  const taken = new Set(lines.map((line) => line.sport));
  const free = known.find((sport) => !taken.has(sport.slug));
  const change = (key: number, patch: Partial<CapLine>) =>
    onChange(lines.map((line) => (line.key === key ? { ...line, ...patch } : line)));
  const add = () =>
    free &&
    onChange([
      ...lines,
      { key: Math.max(-1, ...lines.map((line) => line.key)) + 1, sport: free.slug, amount: '' },
    ]);
  return (
    <fieldset className="sport-caps">
      <legend className="field-label">Max stake by sport</legend>
      {lines.length === 0 && <p className="note">No sport has a cap of its own.</p>}
      <ul className="sport-caps-list">
        {lines.map((line) => (
          <li key={line.key} className="sport-cap">
            <label className="field">
              <span className="field-label">Sport</span>
              <select
                value={line.sport}
                onChange={(event) => change(line.key, { sport: event.target.value })}
              >
                {known
                  .filter((sport) => sport.slug === line.sport || !taken.has(sport.slug))
                  .map((sport) => (
                    <option key={sport.slug} value={sport.slug}>
                      {sport.name}
                    </option>
                  ))}
                {!known.some((sport) => sport.slug === line.sport) && (
                  <option value={line.sport}>{line.sport}</option>
                )}
              </select>
            </label>
            <label className="field">
              <span className="field-label">Cap for {nameOf(line.sport)}</span>
              <input
                inputMode="decimal"
                placeholder="0.00"
                value={line.amount}
                onChange={(event) => change(line.key, { amount: event.target.value })}
              />
            </label>
            <button
              type="button"
              className="btn btn-ghost"
              aria-label={`Remove the cap for ${nameOf(line.sport)}`}
              onClick={() => onChange(lines.filter((other) => other.key !== line.key))}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn-secondary" disabled={!free} onClick={add}>
        Add a sport
      </button>
    </fieldset>
  );
}
