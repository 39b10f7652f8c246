/** The "Load more" button under a keyset-paged list (TanStack infinite query). */
import { useLingui } from "@lingui/react/macro";

export function LoadMore({
  query,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
}) {
  const { t } = useLingui();
  if (!query.hasNextPage) return null;
  return (
    <div className="table-more">
      <button
        type="button"
        className="button"
        disabled={query.isFetchingNextPage}
        onClick={() => query.fetchNextPage()}
      >
        {query.isFetchingNextPage ? t`Loading...` : t`Load more`}
      </button>
    </div>
  );
}
