import type { ReactNode } from "react";

/** A list's empty state: its text (a `<Trans>` or a translated string). */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="empty">{children}</p>;
}
