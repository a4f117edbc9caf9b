import { Center, Group, Loader, Pagination, Paper } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { EmptyState, ErrorBlock, LoadingBlock } from '../ui/query-state';
import { CrudTable, type CrudTableProps } from './crud-table';

/** The part of a TanStack query the list looks at. */
export interface ListQueryState {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** An infinite list (`hasMore` pages): the next page loads when the list's end scrolls into view. */
export interface LoadMore {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** Numbered pages (`count` and a page size). */
export interface Paging {
  page: number;
  total: number;
  onChange: (page: number) => void;
}

export interface CrudListProps<T> extends CrudTableProps<T> {
  query: ListQueryState;
  empty: { title: string; hint?: string };
  /** Shown as loading while true, e.g. while leaving a screen the user may not see. */
  holding?: boolean;
  loadMore?: LoadMore;
  paging?: Paging;
}

/** Loading, error (with retry), empty, or the table; then the next page, however the API gives it. */
export function CrudList<T>({ query, empty, holding, loadMore, paging, ...table }: CrudListProps<T>) {
  return (
    <>
      <Paper p={0}>
        {query.isPending || holding ? (
          <LoadingBlock />
        ) : query.isError ? (
          <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />
        ) : table.rows.length === 0 ? (
          <EmptyState title={empty.title} hint={empty.hint} />
        ) : (
          <CrudTable {...table} />
        )}
        {loadMore && <LoadMoreSentinel {...loadMore} rows={table.rows.length} />}
      </Paper>
      {paging && paging.total > 1 && (
        <Group justify="center" mt="md">
          <Pagination
            total={paging.total}
            value={paging.page}
            onChange={paging.onChange}
            data-testid={`${table.testId}-pagination`}
          />
        </Group>
      )}
    </>
  );
}

function LoadMoreSentinel({ hasNextPage, isFetchingNextPage, fetchNextPage, rows }: LoadMore & { rows: number }) {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage) return;
    const io = new IntersectionObserver(
      (e) => e.some((x) => x.isIntersecting) && !isFetchingNextPage && void fetchNextPage(),
    );
    io.observe(node);
    return () => io.disconnect();
    // `rows`: observe again after a page arrives, in case the end is still in view.
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, rows]);
  return (
    <>
      <div ref={sentinel} style={{ height: 1 }} />
      {isFetchingNextPage && (
        <Center py="sm">
          <Loader size="sm" />
        </Center>
      )}
    </>
  );
}
