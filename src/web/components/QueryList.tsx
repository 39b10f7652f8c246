/**
 * The loading / error / empty / data states of a list query, shown the same way on every screen that
 * lists a resource.
 */
import { Trans } from "@lingui/react/macro";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { EmptyState } from "./EmptyState.js";
import { FormError } from "./FormError.js";

export function QueryList<T>({
  query,
  empty,
  frame,
  emptyDetail,
  children,
}: {
  query: UseQueryResult<T[]>;
  empty: string;
  /** Shown under the empty state, e.g. the setup checklist. */
  emptyDetail?: ReactNode;
  /** Class of a box around the loading, error and empty states, for lists not already inside a panel. */
  frame?: string;
  children: (items: T[]) => ReactNode;
}) {
  const framed = (content: ReactNode) => (frame ? <div className={frame}>{content}</div> : content);
  const error = <FormError message={query.error?.message} />;
  if (query.data === undefined) {
    return framed(
      query.isError ? (
        error
      ) : (
        <p className="muted" role="status">
          <Trans>Loading...</Trans>
        </p>
      ),
    );
  }
  if (query.data.length === 0) {
    return framed(
      <>
        {error}
        <EmptyState>{empty}</EmptyState>
        {emptyDetail}
      </>,
    );
  }
  return (
    <>
      {error}
      {children(query.data)}
    </>
  );
}
