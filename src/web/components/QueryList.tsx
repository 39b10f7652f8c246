/**
 * The loading / error / empty / data states of a list query, shown the same way on every screen that
 * lists a resource.
 */
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { EmptyState } from "./EmptyState.js";

export function QueryList<T>({
  query,
  empty,
  frame,
  children,
}: {
  query: UseQueryResult<T[]>;
  empty: string;
  /** Class of a box around the loading, error and empty states, for lists not already inside a panel. */
  frame?: string;
  children: (items: T[]) => ReactNode;
}) {
  const framed = (content: ReactNode) => (frame ? <div className={frame}>{content}</div> : content);
  const error = query.isError ? (
    <p className="form-error" role="alert">
      {query.error.message}
    </p>
  ) : null;
  if (query.data === undefined) {
    return framed(
      error ?? (
        <p className="muted" role="status">
          Loading...
        </p>
      ),
    );
  }
  if (query.data.length === 0) {
    return framed(
      <>
        {error}
        <EmptyState>{empty}</EmptyState>
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

/** The server's message for a failed save, under the form it belongs to. */
export function FormError({ error }: { error: Error | null }) {
  if (!error) return null;
  return (
    <p className="form-error" role="alert">
      {error.message}
    </p>
  );
}
