import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import type { LoadMoreProps } from './load-more.tsx';

/** A page of a cursor-paged list: its rows, and the cursor of the next page (null at the end). */
export type CursorPage<Row> = { items: Row[]; next: string | null };

export interface CursorPagesOptions<Page> {
  queryKey: QueryKey;
  load: (cursor: string | null, signal: AbortSignal) => Promise<Page>;
  /** Asks for the loaded pages again this often; never when absent. */
  refetchInterval?: number | false;
}

/**
 * A cursor-paged list read page by page: the rows of every page loaded so far, and what "Load more"
 * needs to ask for the next.
 */
export function useCursorPages<Page extends CursorPage<unknown>>({
  queryKey,
  load,
  refetchInterval,
}: CursorPagesOptions<Page>) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => load(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
    refetchInterval,
  });
  const rows: Page['items'] = query.data?.pages.flatMap((page): Page['items'] => page.items) ?? [];
  const more: LoadMoreProps = {
    hasMore: query.hasNextPage,
    loading: query.isFetchingNextPage,
    onLoad: () => void query.fetchNextPage(),
  };
  return { query, rows, more };
}
