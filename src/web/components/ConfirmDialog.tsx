/**
 * Asking before a consequential click, in the page rather than with `window.confirm` (kept only for the
 * product's own "Delete reservation?" prompt, src/web/screens/reservations/useStayStatus.ts): the question
 * names the record and says what happens, focus starts on the safe answer, Escape declines. `confirmDialog`
 * may be called from any handler; `<ConfirmHost/>` (mounted once by HmsLayout) shows the question.
 */
import { Trans } from "@lingui/react/macro";
import { useEffect, useId, useRef, useSyncExternalStore } from "react";

export type ConfirmRequest = {
  title: string;
  body?: string;
  confirmLabel: string;
  cancelLabel?: string;
  /** Styles the confirm button as destructive (removing, voiding). */
  danger?: boolean;
};

type Pending = ConfirmRequest & { resolve: (answer: boolean) => void };

let pending: Pending | null = null;
const listeners = new Set<() => void>();

function publish(next: Pending | null) {
  pending = next;
  for (const listener of listeners) listener();
}

export function confirmDialog(request: ConfirmRequest): Promise<boolean> {
  // A second question replaces an unanswered first one, which counts as declined.
  pending?.resolve(false);
  return new Promise((resolve) => publish({ ...request, resolve }));
}

function answer(value: boolean) {
  const current = pending;
  if (!current) return;
  publish(null);
  current.resolve(value);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function ConfirmHost() {
  const request = useSyncExternalStore(subscribe, () => pending);
  return request ? <ConfirmView key={request.title + (request.body ?? "")} request={request} /> : null;
}

function ConfirmView({ request }: { request: Pending }) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();
  useEffect(() => {
    ref.current?.showModal();
    cancelRef.current?.focus();
  }, []);
  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby={titleId}
      aria-describedby={request.body ? bodyId : undefined}
      // Escape and any other way of closing it decline.
      onClose={() => answer(false)}
    >
      <h2 id={titleId}>{request.title}</h2>
      {request.body ? <p id={bodyId}>{request.body}</p> : null}
      <div className="confirm-actions">
        <button ref={cancelRef} type="button" className="button" onClick={() => answer(false)}>
          {request.cancelLabel ?? <Trans>Keep as is</Trans>}
        </button>
        <button
          type="button"
          className={request.danger ? "button danger" : "button primary"}
          onClick={() => answer(true)}
        >
          {request.confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
