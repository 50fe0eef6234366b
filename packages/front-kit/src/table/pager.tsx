interface PagerProps {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  /** Names the navigation for screen readers. */
  label?: string;
  /** Said after "Page 1 of 3", such as how many rows there are in all. */
  detail?: string;
}

/** Previous / next paging; both disabled while there is a single page (or none). */
export function Pager({ page, pageCount, onPage, label = 'Pages', detail }: PagerProps) {
  return (
    <nav className="pager" aria-label={label} data-testid="pager">
      <button type="button" className="btn btn-ghost" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      {pageCount > 0 && (
        <span className="note">
          Page {page} of {pageCount}
          {detail && ` · ${detail}`}
        </span>
      )}
      <button
        type="button"
        className="btn btn-ghost"
        disabled={page >= pageCount}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
