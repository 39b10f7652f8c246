/**
 * The chart's dialogs: a stay's details, booking the picked nights (or, for a room's nights, taking the room
 * out of order instead), and confirming a stay dropped somewhere else. Front Desk loads this module after its
 * first paint (`useDeferredModule`): none of it is needed to show the chart.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Modal } from "../../components/Modal.js";
import { RoomBlockForm } from "../../components/RoomBlockForm.js";
import { MoveConfirm } from "../reservations/MoveConfirm.js";
import { ReservationForm } from "../reservations/ReservationForm.js";
import { StayDialog } from "../reservations/StayDialog.js";
import type { BookingPick, MovePick } from "./TapeChart.js";

export type DialogState =
  | { kind: "book"; pick: BookingPick }
  | { kind: "block"; pick: BookingPick & { roomId: string; roomNumber: string } }
  | { kind: "stay"; stayId: string }
  | { kind: "move"; pick: MovePick }
  | null;

export function ChartDialogs({ dialog, onClose }: { dialog: DialogState; onClose: () => void }) {
  // Picked nights open the booking form; "Block room" there turns the same pick into a block.
  const [blocking, setBlocking] = useState<BookingPick | null>(null);
  const { t } = useLingui();
  if (dialog?.kind === "stay")
    return <StayDialog key={dialog.stayId} stayId={dialog.stayId} onClose={onClose} />;
  const blockPick = dialog?.kind === "block" ? dialog.pick : dialog?.kind === "book" ? blocking : null;
  if (blockPick?.roomId && blockPick.roomNumber) {
    const room = { id: blockPick.roomId, number: blockPick.roomNumber };
    const number = room.number;
    return (
      <Modal
        heading={t`Block room ${number}`}
        focusFirstField
        className="stay-dialog dialog-narrow"
        onClose={onClose}
      >
        {(close) => (
          <RoomBlockForm
            rooms={[room]}
            initial={{ roomId: room.id, startDate: blockPick.checkInDate, endDate: blockPick.checkOutDate }}
            onDone={close}
            onCancel={close}
          />
        )}
      </Modal>
    );
  }
  if (dialog?.kind === "book") {
    const { pick } = dialog;
    const number = pick.roomNumber;
    return (
      <Modal
        label={t`New reservation`}
        focusFirstField
        className="stay-dialog chart-dialog"
        onClose={onClose}
      >
        {(close) => (
          <>
            <ReservationForm prefill={pick} onCreated={close} />
            {pick.roomId && number ? (
              <p className="chart-dialog-alt">
                <Trans>Room {number} out of order for these nights?</Trans>{" "}
                <button type="button" className="button small" onClick={() => setBlocking(pick)}>
                  <Trans>Block room</Trans>
                </button>
              </p>
            ) : null}
          </>
        )}
      </Modal>
    );
  }
  if (dialog?.kind === "move") {
    const { pick } = dialog;
    return (
      <Modal heading={t`Move stay?`} className="stay-dialog chart-dialog" onClose={onClose}>
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
