/**
 * Today at the desk (docs/product.md#front-desk-tape-chart): "Arrivals", "Departures" and "In house" for
 * today in the property's time zone, each with its count, its guests and a one-click Check-In or Check-Out.
 * Live: every stay change refreshes the lists (they sit under the reservations query key).
 */
import { memo, startTransition, useEffect, useState } from "react";
import type { ReservationStatus } from "../../../domain/constants.js";
import type { Reservation } from "../../../domain/schemas/reservations.js";
import { type DateFilter, useStaysOn } from "../../api/reservations.js";
import { FormError } from "../../components/FormError.js";
import { whenIdle } from "../../components/whenIdle.js";
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

/** Guests each list shows at first; the rest follow once the browser is idle (a list shows about six). */
const FIRST_ITEMS = 12;

export const TodayBoard = memo(function TodayBoard({
  today,
  rooms,
  onOpenStay,
  load,
}: {
  today: string;
  /** The grid's rooms (with their housekeeping status) as they are now, for the check-in confirmation. */
  rooms: () => readonly GridRoom[] | undefined;
  onOpenStay: (id: string) => void;
  /** False until the lists may be asked for. */
  load: boolean;
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
          load={load}
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
  load,
}: {
  column: Column;
  today: string;
  status: ReturnType<typeof useStayStatus>;
  onOpenStay: (id: string) => void;
  load: boolean;
}) {
  const stays = useStaysOn(column.filter, today, column.statuses, load);
  const all = stays.data?.items ?? [];
  const list = useShownFirst(all);
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
      {total > all.length ? (
        <p className="muted fd-board-more">
          Showing {all.length} of {total}. Search Reservations for the others.
        </p>
      ) : null}
    </section>
  );
}

/**
 * The first few items of `items` at once and the rest when the browser is next idle: a busy day's lists
 * hold hundreds of guests, and rendering them all would hold back the grid's first frame.
 */
function useShownFirst<T>(items: readonly T[]): readonly T[] {
  const [all, setAll] = useState(false);
  const more = !all && items.length > FIRST_ITEMS;
  useEffect(() => {
    if (!more) return;
    return whenIdle(() => startTransition(() => setAll(true)), 500);
  }, [more]);
  return more ? items.slice(0, FIRST_ITEMS) : items;
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
