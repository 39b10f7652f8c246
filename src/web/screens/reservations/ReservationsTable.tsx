/**
 * The reservations table (SPEC §2), newest first as the server returns it. Status actions are those the
 * shared transition rule allows (DESIGN §9.2): Check-In and No-show while booked, Check-Out while checked in,
 * Cancel (after SPEC's confirm) from either. Edit opens the stay with its payments.
 */
import { useState } from "react";
import { Link } from "react-router";
import type { ReservationStatus } from "../../../domain/constants.js";
import { isRoomReady } from "../../../domain/rooms.js";
import type { Reservation } from "../../../domain/schemas.js";
import { nextStatuses } from "../../../domain/stays.js";
import { errorMessage } from "../../api/client.js";
import { useCan } from "../../api/property.js";
import { useReservations, useRooms, useUpdateReservation } from "../../api/resources.js";
import { EmptyState } from "../../components/EmptyState.js";
import { FormError } from "../../components/FormError.js";
import { confirmAction, showAlert } from "../../components/feedback.js";
import { LoadMore } from "../../components/LoadMore.js";
import { useMoney } from "../../components/useMoney.js";
import { StayDialog } from "./StayDialog.js";

export const CANCEL_CONFIRM = "Delete reservation?";
/** Asked before checking a guest into a room housekeeping has not released (clean or inspected). */
export const UNREADY_ROOM_CONFIRM = (room: string, hkStatus: string) =>
  `Room ${room} is ${hkStatus.replace("_", " ")}, not clean. Check the guest in anyway?`;

/** The buttons, shown only where the shared transition rule (the one the server enforces) allows them. */
const STATUS_ACTIONS: readonly { to: ReservationStatus; label: string }[] = [
  { to: "checked_in", label: "Check-In" },
  { to: "checked_out", label: "Check-Out" },
  { to: "no_show", label: "No-show" },
  { to: "cancelled", label: "Cancel" },
];

export function nightsLabel(nights: number): string {
  return `${nights} ${nights === 1 ? "night" : "nights"}`;
}

export function guestsLabel({ adults, children }: { adults: number; children: number }): string {
  const grown = `${adults} ${adults === 1 ? "adult" : "adults"}`;
  return children === 0 ? grown : `${grown}, ${children} ${children === 1 ? "child" : "children"}`;
}

export function ReservationsTable() {
  const reservations = useReservations();
  const update = useUpdateReservation();
  const money = useMoney();
  const canSeeHistory = useCan("team");
  const rooms = useRooms();
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<Reservation | null>(null);

  const setStatus = (reservation: Reservation, status: ReservationStatus) => {
    if (status === "cancelled" && !confirmAction(CANCEL_CONFIRM)) return;
    const room = rooms.data?.find((r) => r.id === reservation.roomId);
    if (
      status === "checked_in" &&
      room &&
      !isRoomReady(room.hkStatus) &&
      !confirmAction(UNREADY_ROOM_CONFIRM(room.number, room.hkStatus))
    ) {
      return;
    }
    setError(null);
    update.mutate(
      { id: reservation.id, input: { status } },
      {
        onError: (cause) => {
          const message = errorMessage(cause);
          setError(message);
          showAlert(message);
        },
      },
    );
  };
  const busy = (reservation: Reservation) => update.isPending && update.variables?.id === reservation.id;

  const rows = reservations.data?.pages.flat() ?? [];
  return (
    <section className="panel table-wrap" aria-label="Reservations">
      <FormError message={reservations.error?.message} />
      <FormError message={error} />
      {reservations.isPending ? (
        <p className="empty">Loading...</p>
      ) : rows.length === 0 ? (
        <EmptyState>No reservations yet.</EmptyState>
      ) : (
        <table className="data reservations-table">
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col">Guest</th>
              <th scope="col">Room</th>
              <th scope="col">Dates</th>
              <th scope="col">Status</th>
              <th scope="col" className="num">
                Total
              </th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((reservation) => (
              <tr key={reservation.id}>
                <td>
                  <code>{reservation.code}</code>
                </td>
                <td>
                  {reservation.guestName ? (
                    <bdi className="clip" title={reservation.guestName}>
                      {reservation.guestName}
                    </bdi>
                  ) : (
                    <span className="muted">—</span>
                  )}
                  {reservation.guestPhone ? (
                    <bdi className="clip muted" title={reservation.guestPhone}>
                      {reservation.guestPhone}
                    </bdi>
                  ) : null}
                </td>
                <td>{reservation.roomNumber ?? "—"}</td>
                <td className="nowrap">
                  {reservation.checkInDate} → {reservation.checkOutDate}
                  <div className="muted">
                    {nightsLabel(reservation.nights)} · {guestsLabel(reservation)}
                  </div>
                </td>
                <td>
                  <span className={`badge ${reservation.status}`}>{reservation.status}</span>
                </td>
                <td className="num">
                  {money(reservation.total)}
                  {reservation.balance !== reservation.total ? (
                    <div className="muted">Balance {money(reservation.balance)}</div>
                  ) : null}
                </td>
                <td>
                  <div className="actions">
                    <button type="button" className="button small" onClick={() => setOpen(reservation)}>
                      Edit
                    </button>
                    {canSeeHistory ? (
                      <Link className="button small" to={`/hms/activity?entityId=${reservation.id}`}>
                        History
                      </Link>
                    ) : null}
                    {STATUS_ACTIONS.filter((action) =>
                      nextStatuses(reservation.status).includes(action.to),
                    ).map((action) => (
                      <button
                        key={action.to}
                        type="button"
                        className={action.to === "cancelled" ? "button small danger" : "button small"}
                        disabled={busy(reservation)}
                        onClick={() => setStatus(reservation, action.to)}
                      >
                        {action.label}
                      </button>
                    ))}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <LoadMore query={reservations} />
      {open ? <StayDialog key={open.id} stay={open} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
