export interface LoadMoreProps {
  hasMore: boolean;
  loading: boolean;
  onLoad: () => void;
}

/** The next page of a cursor-paged list; nothing once the server said there is no more. */
export function LoadMore({ hasMore, loading, onLoad }: LoadMoreProps) {
  if (!hasMore) return null;
  return (
    <button type="button" className="btn btn-ghost load-more" onClick={onLoad} disabled={loading}>
      {loading ? 'Loading…' : 'Load more'}
    </button>
  );
}
