/**
 * Changing a stay's status from any screen (Reservations, the Front Desk's stay details and today's board):
 * the buttons the shared transition rule allows (docs/product.md#statuses-and-transitions), the cancel
 * prompt, and a confirmation before checking a guest into a room housekeeping has not released.
 */
import { useState } from "react";
import type { HkStatus, ReservationStatus } from "../../../domain/constants.js";
import { isRoomReady } from "../../../domain/rooms.js";
import { nextStatuses } from "../../../domain/stays.js";
import { errorMessage } from "../../api/client.js";
import { useRooms, useUpdateReservation } from "../../api/resources.js";
import { confirmAction } from "../../components/feedback.js";

const CANCEL_CONFIRM = "Delete reservation?";
/** Asked before checking a guest into a room housekeeping has not released (clean or inspected). */
const UNREADY_ROOM_CONFIRM = (room: string, hkStatus: string) =>
  `Room ${room} is ${hkStatus.replace("_", " ")}, not clean. Check the guest in anyway?`;

const STATUS_ACTIONS: readonly { to: ReservationStatus; label: string }[] = [
  { to: "checked_in", label: "Check-In" },
  { to: "checked_out", label: "Check-Out" },
  { to: "no_show", label: "No-show" },
  { to: "cancelled", label: "Cancel" },
];

type StayRef = { id: string; status: ReservationStatus; roomId: string | null };
type RoomState = { id: string; number: string; hkStatus: HkStatus };

/**
 * `known.rooms`: reads the rooms' states when the screen already has them (the Front Desk's grid carries
 * them), so the rooms list is not fetched again; asked only when a check-in needs it, so a screen that
 * passes it does not render again when the rooms change. Without it, the list is fetched.
 */
export function useStayStatus(known?: { rooms: () => readonly RoomState[] | undefined }) {
  const update = useUpdateReservation();
  const fetched = useRooms({ enabled: known === undefined });
  const [error, setError] = useState<string | null>(null);

  /**
   * Asks what the status change and the room's state require, then changes the status; false if the user
   * declined.
   */
  const setStatus = (
    stay: StayRef,
    status: ReservationStatus,
    onError?: (message: string) => void,
    onSuccess?: () => void,
  ) => {
    if (status === "cancelled" && !confirmAction(CANCEL_CONFIRM)) return false;
    const rooms = known ? known.rooms() : fetched.data;
    const room = rooms?.find((r) => r.id === stay.roomId);
    if (
      status === "checked_in" &&
      room &&
      !isRoomReady(room.hkStatus) &&
      !confirmAction(UNREADY_ROOM_CONFIRM(room.number, room.hkStatus))
    ) {
      return false;
    }
    setError(null);
    update.mutate(
      { id: stay.id, input: { status } },
      {
        onSuccess: () => onSuccess?.(),
        onError: (cause) => {
          const message = errorMessage(cause);
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
