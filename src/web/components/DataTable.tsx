/**
 * A table of records (class "data"): its column headers, each a `<th scope="col">`, and the rows the screen
 * writes. `wrap` puts it in the horizontally scrolling box (`table-wrap`) for tables not already inside one.
 */
import { Trans } from "@lingui/react/macro";
import type { ReactNode, TableHTMLAttributes } from "react";

/** A column's header: its text, or its content and class (e.g. "num" for a right-aligned figure). */
export type Column = string | { label: ReactNode; className?: string };

/** A right-aligned column of figures. */
export const numeric = (label: string): Column => ({ label, className: "num" });

/** The column of a row's buttons (RowActions), left out of print; its word is translated as it renders. */
export const ACTIONS: Column = { label: <Trans>Actions</Trans>, className: "print-hidden" };

export function DataTable({
  columns,
  wrap = false,
  className = "data",
  children,
  ...table
}: TableHTMLAttributes<HTMLTableElement> & {
  /** The headers in order; `false` or `null` leaves a column out (e.g. the actions of a read-only view). */
  columns: (Column | false | null)[];
  wrap?: boolean;
  /** The rows. */
  children: ReactNode;
}) {
  const content = (
    <table className={className} {...table}>
      <thead>
        <tr>
          {columns.map((column, index) => {
            if (!column) return null;
            const { label, className: columnClass } =
              typeof column === "string" ? { label: column, className: undefined } : column;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for a table
              <th key={index} scope="col" className={columnClass}>
                {label}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
  return wrap ? <div className="table-wrap">{content}</div> : content;
}
