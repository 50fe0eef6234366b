import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { sidebarGroups } from './nav-links.ts';

const destinations = sidebarGroups.flatMap((group) => group.links);

/** Finds a sport or game page by name (case-insensitive; exact, then prefix, then substring). */
export function findDestination(query: string): string | null {
  const q = query.trim().toLowerCase();
  if (q === '') return null;
  const byLabel = (test: (label: string) => boolean) =>
    destinations.find((link) => test(link.label.toLowerCase()))?.to ?? null;
  return byLabel((l) => l === q) ?? byLabel((l) => l.startsWith(q)) ?? byLabel((l) => l.includes(q));
}

/** The header search: an icon button that opens and closes a search box. */
export function HeaderSearch() {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [notFound, setNotFound] = useState(false);
  const navigate = useNavigate();
  const listId = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const to = findDestination(query);
    setNotFound(to === null);
    if (to) {
      navigate(to);
      setOpen(false);
      setQuery('');
    }
  };

  return (
    <div className="header-search">
      <button
        type="button"
        className="icon-btn"
        aria-label={open ? 'Close search' : 'Search'}
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
        data-testid="header-search-toggle"
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <circle cx="10.5" cy="10.5" r="6.5" stroke="currentColor" strokeWidth="2" fill="none" />
          <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {open && (
        <form className="header-search-form" role="search" onSubmit={onSubmit}>
          <input
            className="input"
            type="search"
            placeholder="Search sports and games"
            aria-label="Search sports and games"
            list={listId}
            value={query}
            autoFocus
            onChange={(event) => {
              setQuery(event.target.value);
              setNotFound(false);
            }}
            aria-invalid={notFound}
            data-testid="header-search-input"
          />
          <datalist id={listId}>
            {destinations.map((link) => (
              <option key={link.to} value={link.label} />
            ))}
          </datalist>
        </form>
      )}
    </div>
  );
}
