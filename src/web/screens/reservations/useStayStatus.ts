/**
 * Changing a stay's status from any screen (Reservations, the Front Desk's stay details and today's board):
 * the buttons the shared transition rule allows (docs/product.md#statuses-and-transitions), the cancel
 * prompt, and the questions asked first: checking a guest into a room housekeeping has not released, and
 * checking out a guest who still owes money (the amount is in the question).
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg, t } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { HkStatus, ReservationStatus } from "../../../domain/constants.js";
import { stayDisplayName } from "../../../domain/labels.js";
import { isRoomReady } from "../../../domain/rooms.js";
import { nextStatuses } from "../../../domain/stays.js";
import { errorMessage } from "../../api/client.js";
import { useRooms, useUpdateReservation } from "../../api/resources.js";
import { confirmDialog } from "../../components/ConfirmDialog.js";
import { confirmAction } from "../../components/feedback.js";
import { useMoney } from "../../components/useMoney.js";
import { HK_STATUS_WORDS } from "../../i18n/labels.js";
import { stayTitle } from "./stayLabels.js";

/**
 * The product's own cancel prompt stays a native confirm with its words; the second line says what it does,
 * since the stay is not deleted.
 */
function cancelConfirm(): string {
  return `${t`Delete reservation?`}\n${t`The stay is kept, marked as cancelled.`}`;
}

const STATUS_ACTIONS: readonly { to: ReservationStatus; label: MessageDescriptor }[] = [
  { to: "checked_in", label: msg`Check-In` },
  { to: "checked_out", label: msg`Check-Out` },
  { to: "no_show", label: msg`No-show` },
  { to: "cancelled", label: msg`Cancel` },
];

/** Why a status change failed: "Could not check in Asha Rao (RES-7K2Q9): …". */
function failedChange(status: ReservationStatus, stay: string, reason: string): string {
  switch (status) {
    case "booked":
      return t`Could not book ${stay}: ${reason}`;
    case "checked_in":
      return t`Could not check in ${stay}: ${reason}`;
    case "checked_out":
      return t`Could not check out ${stay}: ${reason}`;
    case "no_show":
      return t`Could not mark as no-show ${stay}: ${reason}`;
    case "cancelled":
      return t`Could not cancel ${stay}: ${reason}`;
  }
}

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
  const { t } = useLingui();
  const [error, setError] = useState<string | null>(null);

  /** The questions a change needs answered first; false as soon as one is declined. */
  const confirmed = async (stay: StayRef, status: ReservationStatus): Promise<boolean> => {
    if (status === "cancelled") return confirmAction(cancelConfirm());
    const name = stayDisplayName(stay);
    if (status === "checked_in") {
      const rooms = known ? known.rooms() : fetched.data;
      const room = rooms?.find((r) => r.id === stay.roomId);
      if (!room || isRoomReady(room.hkStatus)) return true;
      const number = room.number;
      const state = t(HK_STATUS_WORDS[room.hkStatus]);
      return confirmDialog({
        title: t`Room ${number} is ${state}, not clean. Check ${name} in anyway?`,
        body: t`Housekeeping has not released the room yet.`,
        confirmLabel: t`Check in anyway`,
        cancelLabel: t`Not now`,
      });
    }
    if (status === "checked_out" && stay.balance > 0) {
      const owed = money(stay.balance);
      return confirmDialog({
        title: t`${name} owes ${owed}. Check out anyway?`,
        body: t`Record the payment in the stay's details first, unless the balance is to be settled later.`,
        confirmLabel: t`Check out anyway`,
        cancelLabel: t`Not now`,
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
          const message = failedChange(status, stayTitle(stay), errorMessage(cause));
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
    /** The status buttons the stay's status allows, each with its label in the language shown. */
    actionsFor: (stay: StayRef) =>
      STATUS_ACTIONS.filter((a) => nextStatuses(stay.status).includes(a.to)).map((a) => ({
        to: a.to,
        label: t(a.label),
      })),
    busy: (stay: StayRef) => update.isPending && update.variables?.id === stay.id,
  };
}
