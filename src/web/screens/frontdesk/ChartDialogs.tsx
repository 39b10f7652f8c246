/** The chart's dialogs: booking the picked nights, and confirming a stay dropped somewhere else. */
import { type ReactNode, useEffect, useRef } from "react";
import { MoveConfirm } from "../reservations/MoveConfirm.js";
import { ReservationForm } from "../reservations/ReservationForm.js";
import type { BookingPick, MovePick } from "./TapeChart.js";

export type DialogState =
  | { kind: "book"; pick: BookingPick }
  | { kind: "stay"; stayId: string }
  | { kind: "move"; pick: MovePick }
  | null;

export function ChartDialogs({ dialog, onClose }: { dialog: DialogState; onClose: () => void }) {
  if (dialog?.kind === "book") {
    return (
      <Dialog title="New reservation" showTitle={false} onClose={onClose}>
        {(close) => <ReservationForm prefill={dialog.pick} onCreated={close} />}
      </Dialog>
    );
  }
  if (dialog?.kind === "move") {
    const { pick } = dialog;
    return (
      <Dialog title="Move stay?" onClose={onClose}>
        {(close) => (
          <MoveConfirm
            from={pick.stay}
            fromLabel={pick.fromLabel}
            to={pick}
            toLabel={pick.toLabel}
            onDone={close}
            onCancel={close}
          />
        )}
      </Dialog>
    );
  }
  return null;
}

function Dialog({
  title,
  showTitle = true,
  onClose,
  children,
}: {
  title: string;
  /** False when the content brings its own heading. */
  showTitle?: boolean;
  onClose: () => void;
  children: (close: () => void) => ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    ref.current?.showModal();
    // showModal focuses the first focusable element (Close); start where the clerk types instead.
    ref.current?.querySelector<HTMLElement>("input, select, textarea")?.focus();
  }, []);
  const close = () => ref.current?.close();
  return (
    <dialog ref={ref} className="stay-dialog chart-dialog" aria-label={title} onClose={onClose}>
      <header className="dialog-header">
        {showTitle ? <h2>{title}</h2> : <span />}
        <button type="button" className="button small" onClick={close}>
          Close
        </button>
      </header>
      {children(close)}
    </dialog>
  );
}
