import { useId } from 'react';
import {
  MAX_SEARCH_CHARS,
  providerCounts,
  providerLabels,
  type LobbyFilter,
  type LobbyItem,
  type ProviderKey,
} from '../catalogue-lobbies.ts';

interface Props {
  items: readonly LobbyItem[];
  filter: LobbyFilter;
  onChange: (filter: LobbyFilter) => void;
}

/**
 * Provider choice as native radio buttons (arrow keys move between them, one tab stop) and a search
 * box. Only providers with titles in the lobby are offered.
 */
export function LobbyFilters({ items, filter, onChange }: Props) {
  const searchId = useId();
  const options: { provider: ProviderKey | null; label: string; count: number }[] = [
    { provider: null, label: 'All', count: items.length },
    ...providerCounts(items).map(({ provider, count }) => ({
      provider,
      label: providerLabels[provider],
      count,
    })),
  ];
  return (
    <div className="catalogue-filters">
      <fieldset className="provider-filter" data-testid="provider-filter">
        <legend className="visually-hidden">Provider</legend>
        {options.map((option) => (
          <label key={option.label} className="provider-option">
            <input
              type="radio"
              name="provider"
              checked={filter.provider === option.provider}
              onChange={() => onChange({ ...filter, provider: option.provider })}
              data-testid="provider-option"
              data-provider={option.provider ?? 'all'}
            />
            <span>
              {option.label} <span className="provider-option-count">{option.count}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="catalogue-search">
        <label htmlFor={searchId} className="visually-hidden">
          Search games
        </label>
        <input
          id={searchId}
          type="search"
          className="input"
          placeholder="Search games"
          maxLength={MAX_SEARCH_CHARS}
          value={filter.search}
          onChange={(event) => onChange({ ...filter, search: event.target.value })}
          data-testid="catalogue-search"
        />
      </div>
    </div>
  );
}
