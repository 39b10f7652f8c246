/**
 * The desk's day (docs/product.md#front-desk-tape-chart): "Arrivals", "Departures" and "In house" for the
 * day the grid starts on (today unless the clerk moved the grid), each with its count, its guests, what each
 * still owes, and on today a one-click Check-In or Check-Out. Checked-in guests leave Arrivals for In house.
 * The panels grow with their lists (the page scrolls), so a phone shows every arrival.
 * Live: every stay change refreshes the lists (they sit under the reservations query key).
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui as useLanguageShown } from "@lingui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { memo, startTransition, useEffect, useMemo, useState } from "react";
import type { ReservationStatus } from "../../../domain/constants.js";
import { capitalize, stayDisplayName } from "../../../domain/labels.js";
import type { Reservation } from "../../../domain/schemas/reservations.js";
import { useStaysOn } from "../../api/reservations.js";
import { FormError } from "../../components/FormError.js";
import { useMoney } from "../../components/useMoney.js";
import { whenIdle } from "../../components/whenIdle.js";
import { RESERVATION_STATUS_WORDS } from "../../i18n/labels.js";
import { boardLists, byRoom, type DayList, dayLabel } from "../lists/days.js";
import { balanceLabel } from "../reservations/stayLabels.js";
import { useStayStatus } from "../reservations/useStayStatus.js";
import type { GridRoom } from "./chartRows.js";

type Action = { from: ReservationStatus; to: ReservationStatus; label: MessageDescriptor };

/** The one-click action of each list, offered on today's board only. */
const ACTIONS: Partial<Record<DayList["filter"], Action>> = {
  arrivingOn: { from: "booked", to: "checked_in", label: msg`Check-In` },
  departingOn: { from: "checked_in", to: "checked_out", label: msg`Check-Out` },
};

/** Each list's heading (the words of `boardLists`, in the language shown). */
const TITLES: Record<DayList["filter"], MessageDescriptor> = {
  arrivingOn: msg`Arrivals`,
  departingOn: msg`Departures`,
  inHouseOn: msg`In house`,
};

/** What an empty list says on today's board, and on another day's. */
const EMPTY: Record<DayList["filter"], { today: MessageDescriptor; other: MessageDescriptor }> = {
  arrivingOn: { today: msg`No arrivals today.`, other: msg`No arrivals that day.` },
  departingOn: { today: msg`No departures today.`, other: msg`No departures that day.` },
  inHouseOn: { today: msg`Nobody in house.`, other: msg`Nobody in house that night.` },
};

/** Guests each list shows at first; the rest follow once the browser is idle (a list shows about six). */
const FIRST_ITEMS = 12;

export const TodayBoard = memo(function TodayBoard({
  date,
  today,
  rooms,
  onOpenStay,
  load,
}: {
  /** The day the board shows (the grid's start date). */
  date: string;
  today: string;
  /** The grid's rooms (with their housekeeping status) as they are now, for the check-in confirmation. */
  rooms: () => readonly GridRoom[] | undefined;
  onOpenStay: (id: string) => void;
  /** False until the lists may be asked for. */
  load: boolean;
}) {
  const status = useStayStatus({ rooms });
  // dayLabel reads the shown language itself: subscribing renders the board again when it changes.
  useLanguageShown();
  const label = dayLabel(date, today);
  return (
    <section className="fd-board-wrap" aria-labelledby="fd-board-day">
      <h2 id="fd-board-day" className="fd-board-day">
        {label}
      </h2>
      <div className="fd-board">
        {boardLists(date, today).map((list) => (
          <BoardColumn
            key={list.title}
            list={list}
            date={date}
            isToday={date === today}
            status={status}
            onOpenStay={onOpenStay}
            load={load}
          />
        ))}
      </div>
      <FormError message={status.error} />
    </section>
  );
});

function BoardColumn({
  list,
  date,
  isToday,
  status,
  onOpenStay,
  load,
}: {
  list: DayList;
  date: string;
  isToday: boolean;
  status: ReturnType<typeof useStayStatus>;
  onOpenStay: (id: string) => void;
  load: boolean;
}) {
  const { t } = useLingui();
  const stays = useStaysOn(list.filter, date, list.statuses, load);
  const all = useMemo(() => byRoom(stays.data?.items ?? []), [stays.data]);
  const shown = useShownFirst(all);
  const total = stays.data?.total ?? 0;
  const loaded = all.length;
  const headingId = `fd-board-${list.filter}`;
  const action = isToday ? (ACTIONS[list.filter] ?? null) : null;
  return (
    <section className="panel fd-board-column" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {t(TITLES[list.filter])} <span className="fd-count">{stays.isPending ? "…" : total}</span>
      </h3>
      <FormError message={stays.error?.message} />
      {!stays.isPending && total === 0 ? (
        <p className="muted">{t(isToday ? EMPTY[list.filter].today : EMPTY[list.filter].other)}</p>
      ) : null}
      <ul className="fd-board-list">
        {shown.map((stay) => (
          <BoardItem
            key={stay.id}
            stay={stay}
            action={action}
            // A list of one status (today's in-house guests are all checked in) needs no badge saying so.
            badge={list.statuses.length > 1}
            status={status}
            onOpenStay={onOpenStay}
          />
        ))}
      </ul>
      {total > all.length ? (
        <p className="muted fd-board-more">
          <Trans>
            Showing {loaded} of {total}. Search Reservations for the others.
          </Trans>
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
  action,
  badge,
  status,
  onOpenStay,
}: {
  stay: Reservation;
  action: Action | null;
  badge: boolean;
  status: ReturnType<typeof useStayStatus>;
  onOpenStay: (id: string) => void;
}) {
  const money = useMoney();
  const { t } = useLingui();
  const name = stayDisplayName(stay);
  const offered = action && stay.status === action.from ? action : null;
  const number = stay.roomNumber;
  return (
    <li>
      <div className="fd-board-guest">
        {/* A link-style button: print.css prints it as the plain name, while it hides other buttons. */}
        <button type="button" className="link-button" onClick={() => onOpenStay(stay.id)}>
          <bdi>{name}</bdi>
        </button>
        <span className="muted">{number ? t`Room ${number}` : t`Unassigned`}</span>
        {stay.balance === 0 ? null : (
          <span className={stay.balance > 0 ? "fd-owes" : "fd-credit"}>
            {balanceLabel(stay.balance, money)}
          </span>
        )}
      </div>
      {offered ? (
        <button
          type="button"
          className="button small"
          aria-label={offered.to === "checked_in" ? t`Check-In ${name}` : t`Check-Out ${name}`}
          disabled={status.busy(stay)}
          onClick={() => void status.setStatus(stay, offered.to)}
        >
          {t(offered.label)}
        </button>
      ) : badge ? (
        <span className={`badge ${stay.status}`}>{capitalize(t(RESERVATION_STATUS_WORDS[stay.status]))}</span>
      ) : null}
    </li>
  );
}
