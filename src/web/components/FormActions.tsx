/**
 * The buttons under a form: its submit button (primary unless `plain`, off while the form is being sent),
 * then any others.
 */
import type { ReactNode } from "react";

export function FormActions({
  submit,
  busy = false,
  plain = false,
  children,
}: {
  submit: string;
  busy?: boolean;
  /** A secondary submit, e.g. one that only reviews a change before it is made. */
  plain?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="form-actions">
      <button type="submit" className={plain ? "button" : "button primary"} disabled={busy}>
        {submit}
      </button>
      {children}
    </div>
  );
}
