/** The "Load more" button under a keyset-paged list (TanStack infinite query). */
export function LoadMore({
  query,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
}) {
  if (!query.hasNextPage) return null;
  return (
    <div className="table-more">
      <button
        type="button"
        className="button"
        disabled={query.isFetchingNextPage}
        onClick={() => query.fetchNextPage()}
      >
        {query.isFetchingNextPage ? "Loading..." : "Load more"}
      </button>
    </div>
  );
}
