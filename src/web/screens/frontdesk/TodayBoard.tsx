/**
 * Today at the desk (DESIGN §9.4): "Arrivals", "Departures" and "In house" for today in the property's
 * time zone, each with its count, its guests and a one-click Check-In or Check-Out. Live: every stay
 * change refreshes the lists (they sit under the reservations query key).
 */
import { memo } from "react";
import type { ReservationStatus } from "../../../domain/constants.js";
import type { Reservation } from "../../../domain/schemas.js";
import { type DateFilter, useStaysOn } from "../../api/reservations.js";
import { FormError } from "../../components/FormError.js";
import { useStayStatus } from "../reservations/useStayStatus.js";
import type { GridRoom } from "./chartRows.js";
import { stayLabel } from "./chartRows.js";

type Column = {
  title: string;
  filter: DateFilter;
  statuses: readonly ReservationStatus[];
  action: { from: ReservationStatus; to: ReservationStatus; label: string } | null;
  empty: string;
};

const COLUMNS: readonly Column[] = [
  {
    title: "Arrivals",
    filter: "arrivingOn",
    statuses: ["booked", "checked_in"],
    action: { from: "booked", to: "checked_in", label: "Check-In" },
    empty: "No arrivals today.",
  },
  {
    title: "Departures",
    filter: "departingOn",
    statuses: ["checked_in", "checked_out"],
    action: { from: "checked_in", to: "checked_out", label: "Check-Out" },
    empty: "No departures today.",
  },
  {
    title: "In house",
    filter: "inHouseOn",
    statuses: ["checked_in"],
    action: null,
    empty: "Nobody in house.",
  },
];

export const TodayBoard = memo(function TodayBoard({
  today,
  rooms,
  onOpenStay,
}: {
  today: string;
  /** The grid's rooms (with their housekeeping status) as they are now, for the check-in confirmation. */
  rooms: () => readonly GridRoom[] | undefined;
  onOpenStay: (id: string) => void;
}) {
  const status = useStayStatus({ rooms });
  return (
    <section className="fd-board" aria-label="Today">
      {COLUMNS.map((column) => (
        <BoardColumn
          key={column.title}
          column={column}
          today={today}
          status={status}
          onOpenStay={onOpenStay}
        />
      ))}
      <FormError message={status.error} />
    </section>
  );
});

function BoardColumn({
  column,
  today,
  status,
  onOpenStay,
}: {
  column: Column;
  today: string;
  status: ReturnType<typeof useStayStatus>;
  onOpenStay: (id: string) => void;
}) {
  const stays = useStaysOn(column.filter, today, column.statuses);
  const list = stays.data?.items ?? [];
  const total = stays.data?.total ?? 0;
  const headingId = `fd-board-${column.filter}`;
  return (
    <section className="panel fd-board-column" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {column.title} <span className="fd-count">{stays.isPending ? "…" : total}</span>
      </h2>
      <FormError message={stays.error?.message} />
      {!stays.isPending && total === 0 ? <p className="muted">{column.empty}</p> : null}
      <ul className="fd-board-list">
        {list.map((stay) => (
          <BoardItem key={stay.id} stay={stay} column={column} status={status} onOpenStay={onOpenStay} />
        ))}
      </ul>
      {total > list.length ? (
        <p className="muted fd-board-more">
          Showing {list.length} of {total}. Search Reservations for the others.
        </p>
      ) : null}
    </section>
  );
}

function BoardItem({
  stay,
  column,
  status,
  onOpenStay,
}: {
  stay: Reservation;
  column: Column;
  status: ReturnType<typeof useStayStatus>;
  onOpenStay: (id: string) => void;
}) {
  const action = column.action && stay.status === column.action.from ? column.action : null;
  const name = stayLabel(stay);
  return (
    <li>
      <button type="button" className="link-button" onClick={() => onOpenStay(stay.id)}>
        <bdi>{name}</bdi>
      </button>
      <span className="muted">{stay.roomNumber ? `Room ${stay.roomNumber}` : "Unassigned"}</span>
      {action ? (
        <button
          type="button"
          className="button small"
          aria-label={`${action.label} ${name}`}
          disabled={status.busy(stay)}
          onClick={() => status.setStatus(stay, action.to)}
        >
          {action.label}
        </button>
      ) : column.action ? (
        <span className={`badge ${stay.status}`}>{stay.status}</span>
      ) : null}
    </li>
  );
}
