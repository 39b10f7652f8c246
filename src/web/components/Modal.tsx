/**
 * A modal dialog: opened on mount with `showModal` (focus is trapped, Escape closes, and the browser returns
 * focus to what opened it), a header with the heading and a Close button, and `onClose` however it closes.
 */
import { Trans } from "@lingui/react/macro";
import { type ReactNode, useEffect, useId, useRef } from "react";

export function Modal({
  heading,
  label,
  focusFirstField = false,
  className = "stay-dialog",
  onClose,
  children,
}: {
  /** Shown in the header and names the dialog, unless `label` is given. */
  heading?: ReactNode;
  /** The dialog's name when the heading is not it (the content brings its own). */
  label?: string;
  /** Start in the first field rather than on Close. */
  focusFirstField?: boolean;
  className?: string;
  onClose: () => void;
  children: ReactNode | ((close: () => void) => ReactNode);
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  useEffect(() => {
    ref.current?.showModal();
    if (focusFirstField) ref.current?.querySelector<HTMLElement>("input, select, textarea")?.focus();
  }, [focusFirstField]);
  const close = () => ref.current?.close();
  return (
    <dialog
      ref={ref}
      className={className}
      {...(label ? { "aria-label": label } : { "aria-labelledby": headingId })}
      // Only its own closing: a dialog opened inside it (Email invoice in a stay) closes on its own, and its
      // close event reaches this one too.
      onClose={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <header className="dialog-header">
        {label ? <span /> : <h2 id={headingId}>{heading}</h2>}
        <button type="button" className="button small" onClick={close}>
          <Trans>Close</Trans>
        </button>
      </header>
      {typeof children === "function" ? children(close) : children}
    </dialog>
  );
}
