/**
 * The chart's dialogs: a stay's details, booking the picked nights, and confirming a stay dropped somewhere
 * else. Front Desk loads this module after its first paint (`useDeferredModule`): none of it is needed to
 * show the chart.
 */
import { Modal } from "../../components/Modal.js";
import { MoveConfirm } from "../reservations/MoveConfirm.js";
import { ReservationForm } from "../reservations/ReservationForm.js";
import { StayDialog } from "../reservations/StayDialog.js";
import type { BookingPick, MovePick } from "./TapeChart.js";

export type DialogState =
  | { kind: "book"; pick: BookingPick }
  | { kind: "stay"; stayId: string }
  | { kind: "move"; pick: MovePick }
  | null;

export function ChartDialogs({ dialog, onClose }: { dialog: DialogState; onClose: () => void }) {
  if (dialog?.kind === "stay")
    return <StayDialog key={dialog.stayId} stayId={dialog.stayId} onClose={onClose} />;
  if (dialog?.kind === "book") {
    return (
      <Modal label="New reservation" focusFirstField className="stay-dialog chart-dialog" onClose={onClose}>
        {(close) => <ReservationForm prefill={dialog.pick} onCreated={close} />}
      </Modal>
    );
  }
  if (dialog?.kind === "move") {
    const { pick } = dialog;
    return (
      <Modal heading="Move stay?" className="stay-dialog chart-dialog" onClose={onClose}>
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
      </Modal>
    );
  }
  return null;
}
