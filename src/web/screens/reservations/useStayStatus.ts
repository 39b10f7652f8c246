/**
 * Changing a stay's status from any screen (Reservations, the Front Desk's stay details and today's board):
 * the buttons the shared transition rule allows (docs/product.md#statuses-and-transitions), the cancel
 * prompt, and the questions asked first: checking a guest into a room housekeeping has not released, and
 * checking out a guest who still owes money (the amount is in the question).
 */
import { useState } from "react";
import type { HkStatus, ReservationStatus } from "../../../domain/constants.js";
import { HK_STATUS_LABELS, stayDisplayName } from "../../../domain/labels.js";
import { isRoomReady } from "../../../domain/rooms.js";
import { nextStatuses } from "../../../domain/stays.js";
import { errorMessage } from "../../api/client.js";
import { useRooms, useUpdateReservation } from "../../api/resources.js";
import { confirmDialog } from "../../components/ConfirmDialog.js";
import { confirmAction } from "../../components/feedback.js";
import { useMoney } from "../../components/useMoney.js";
import { stayTitle } from "./stayLabels.js";

/**
 * The product's own cancel prompt stays a native confirm with its words; the second line says what it does,
 * since the stay is not deleted.
 */
export const CANCEL_CONFIRM = "Delete reservation?\nThe stay is kept, marked as cancelled.";

const STATUS_ACTIONS: readonly { to: ReservationStatus; label: string }[] = [
  { to: "checked_in", label: "Check-In" },
  { to: "checked_out", label: "Check-Out" },
  { to: "no_show", label: "No-show" },
  { to: "cancelled", label: "Cancel" },
];

/** What a status change is called in "Could not … Asha Rao (RES-7K2Q9)". */
const CHANGE_VERBS: Record<ReservationStatus, string> = {
  booked: "book",
  checked_in: "check in",
  checked_out: "check out",
  no_show: "mark as no-show",
  cancelled: "cancel",
};

export type StayRef = {
  id: string;
  code: string;
  guestName: string;
  status: ReservationStatus;
  roomId: string | null;
  balance: number;
};
type RoomState = { id: string; number: string; hkStatus: HkStatus };

/**
 * `known.rooms`: reads the rooms' states when the screen already has them (the Front Desk's grid carries
 * them), so the rooms list is not fetched again; asked only when a check-in needs it, so a screen that
 * passes it does not render again when the rooms change. Without it, the list is fetched.
 */
export function useStayStatus(known?: { rooms: () => readonly RoomState[] | undefined }) {
  const update = useUpdateReservation();
  const fetched = useRooms({ enabled: known === undefined });
  const money = useMoney();
  const [error, setError] = useState<string | null>(null);

  /** The questions a change needs answered first; false as soon as one is declined. */
  const confirmed = async (stay: StayRef, status: ReservationStatus): Promise<boolean> => {
    if (status === "cancelled") return confirmAction(CANCEL_CONFIRM);
    const name = stayDisplayName(stay);
    if (status === "checked_in") {
      const rooms = known ? known.rooms() : fetched.data;
      const room = rooms?.find((r) => r.id === stay.roomId);
      if (!room || isRoomReady(room.hkStatus)) return true;
      return confirmDialog({
        title: `Room ${room.number} is ${HK_STATUS_LABELS[room.hkStatus]}, not clean. Check ${name} in anyway?`,
        body: "Housekeeping has not released the room yet.",
        confirmLabel: "Check in anyway",
        cancelLabel: "Not now",
      });
    }
    if (status === "checked_out" && stay.balance > 0) {
      return confirmDialog({
        title: `${name} owes ${money(stay.balance)}. Check out anyway?`,
        body: "Record the payment in the stay's details first, unless the balance is to be settled later.",
        confirmLabel: "Check out anyway",
        cancelLabel: "Not now",
      });
    }
    return true;
  };

  /**
   * Asks what the status change, the room's state and the balance require, then changes the status;
   * false if the user declined.
   */
  const setStatus = async (
    stay: StayRef,
    status: ReservationStatus,
    onError?: (message: string) => void,
    onSuccess?: () => void,
  ): Promise<boolean> => {
    if (!(await confirmed(stay, status))) return false;
    setError(null);
    update.mutate(
      { id: stay.id, input: { status } },
      {
        onSuccess: () => onSuccess?.(),
        onError: (cause) => {
          const message = `Could not ${CHANGE_VERBS[status]} ${stayTitle(stay)}: ${errorMessage(cause)}`;
          setError(message);
          onError?.(message);
        },
      },
    );
    return true;
  };

  return {
    setStatus,
    error,
    actionsFor: (stay: StayRef) => STATUS_ACTIONS.filter((a) => nextStatuses(stay.status).includes(a.to)),
    busy: (stay: StayRef) => update.isPending && update.variables?.id === stay.id,
  };
}
