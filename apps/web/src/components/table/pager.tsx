interface PagerProps {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}

/** Previous / next paging; both disabled while there is a single page (or none). */
export function Pager({ page, pageCount, onPage }: PagerProps) {
  return (
    <nav className="pager" aria-label="Pages" data-testid="pager">
      <button type="button" className="btn btn-ghost" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      {pageCount > 0 && (
        <span className="note">
          Page {page} of {pageCount}
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
