/**
 * Front Desk (docs/product.md#front-desk-tape-chart): the day's board, then the tape chart of every room over
 * 15 days from a chosen start date, with previous / today / next; the board follows the start date. "Print"
 * prints both under the hotel's name and the day (print.css). Booking, stay details and moves open in
 * dialogs over the chart; the chart itself is live (the availability query is refreshed by the change feed).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { startTransition, useCallback, useRef, useState } from "react";
import { Link } from "react-router";
import { FRONT_DESK_DAYS } from "../../../domain/constants.js";
import { addDays, isIsoDate } from "../../../domain/dates.js";
import { useProperty, usePropertyToday } from "../../api/property.js";
import { useAvailability } from "../../api/resources.js";
import { EmptyState } from "../../components/EmptyState.js";
import { DateField } from "../../components/Field.js";
import { FormError } from "../../components/FormError.js";
import { PageHeader } from "../../components/PageHeader.js";
import { SetupChecklist } from "../../components/SetupChecklist.js";
import { useAfterPaint } from "../../components/useAfterPaint.js";
import { useDeferredModule } from "../../components/useDeferredModule.js";
import { dayLabel } from "../lists/days.js";
import type { DialogState } from "./ChartDialogs.js";
import { type BookingPick, type MovePick, TapeChart } from "./TapeChart.js";
import { TodayBoard } from "./TodayBoard.js";

/** How far Previous and Next move the window. */
const STEP_DAYS = 7;
const loadDialogs = () => import("./ChartDialogs.js");

export default function FrontDeskScreen() {
  const today = usePropertyToday();
  const property = useProperty();
  const { t } = useLingui();
  // The input may hold a half-typed (empty) value; the grid keeps showing the last complete date.
  const [input, setInput] = useState(today);
  const [start, setStart] = useState(today);
  const availability = useAvailability(start, FRONT_DESK_DAYS);
  const [dialog, setDialog] = useState<DialogState>(null);
  // Loaded once the chart is on screen (there is none without rooms), or at once when a dialog is asked for.
  const dialogs = useDeferredModule(
    loadDialogs,
    (availability.data?.rooms.length ?? 0) > 0 || dialog !== null,
  );
  const close = useCallback(() => setDialog(null), []);
  // The board asks for its lists once the grid's answer (or its failure) is on screen: on a busy day they
  // are hundreds of guests, and the server's work and the browser's for them would hold back the grid.
  const boardLoads = useAfterPaint(!availability.isPending);
  // Stable, so opening or closing a dialog does not render the chart or the board again. Opening is a
  // transition: the click's own feedback (the picked night, the pressed stay) paints first, and the
  // dialog's form renders without holding up that frame.
  const open = useCallback((next: DialogState) => startTransition(() => setDialog(next)), []);
  const openStay = useCallback((stayId: string) => open({ kind: "stay", stayId }), [open]);
  const book = useCallback((pick: BookingPick) => open({ kind: "book", pick }), [open]);
  const move = useCallback((pick: MovePick) => open({ kind: "move", pick }), [open]);
  // The board reads the grid's rooms only when a check-in asks; a stable reader keeps the board (hundreds
  // of guests on a busy day) from rendering again each time the grid's answer changes.
  const roomsNow = useRef(availability.data?.rooms);
  roomsNow.current = availability.data?.rooms;
  const gridRooms = useCallback(() => roomsNow.current, []);
  const go = (date: string) => {
    setInput(date);
    setStart(date);
  };

  return (
    <>
      <PageHeader title={t`Front Desk`}>
        <fieldset className="fd-nav" aria-label={t`Dates shown`}>
          <button type="button" className="button" onClick={() => go(addDays(start, -STEP_DAYS))}>
            <Trans>← Previous</Trans>
          </button>
          <button type="button" className="button" onClick={() => go(today)} disabled={start === today}>
            <Trans>Today</Trans>
          </button>
          <button type="button" className="button" onClick={() => go(addDays(start, STEP_DAYS))}>
            <Trans>Next →</Trans>
          </button>
        </fieldset>
        <DateField
          label={t`Start date`}
          className="fd-start-input"
          value={input}
          onChange={(event) => {
            setInput(event.target.value);
            if (isIsoDate(event.target.value)) setStart(event.target.value);
          }}
        />
        <button type="button" className="button" onClick={() => window.print()}>
          <Trans>Print</Trans>
        </button>
        <Link className="button primary" to="/hms/reservations">
          <Trans>New Reservation</Trans>
        </Link>
      </PageHeader>
      <p className="print-only print-title">
        <bdi>{property.name}</bdi> · {dayLabel(start, today)}
      </p>
      <TodayBoard date={start} today={today} rooms={gridRooms} onOpenStay={openStay} load={boardLoads} />
      <section className="panel fd-panel" aria-label={t`Availability grid`}>
        {availability.isError ? (
          <FormError message={availability.error.message} />
        ) : availability.isPending ? (
          <p className="empty">
            <Trans>Loading...</Trans>
          </p>
        ) : availability.data.rooms.length === 0 ? (
          <>
            <EmptyState>{t`No rooms yet. Add rooms in Inventory.`}</EmptyState>
            <SetupChecklist />
          </>
        ) : (
          <>
            <Legend />
            <TapeChart
              availability={availability.data}
              today={today}
              onBook={book}
              onOpenStay={openStay}
              onMove={move}
            />
          </>
        )}
      </section>
      {dialog === null ? null : dialogs.module ? (
        <dialogs.module.ChartDialogs dialog={dialog} onClose={close} />
      ) : dialogs.error ? (
        <FormError message={t`This dialog could not be loaded. Reload the page and try again.`} />
      ) : (
        <p className="empty" role="status">
          <Trans>Loading...</Trans>
        </p>
      )}
    </>
  );
}

function Legend() {
  const { t } = useLingui();
  return (
    <ul className="fd-legend" aria-label={t`Legend`}>
      <li>
        <span className="fd-swatch booked" aria-hidden="true" /> <Trans>Booked</Trans>
      </li>
      <li>
        <span className="fd-swatch checked_in" aria-hidden="true" /> <Trans>Checked in</Trans>
      </li>
      <li>
        <span className="fd-swatch checked_out" aria-hidden="true" /> <Trans>Checked out</Trans>
      </li>
      <li>
        <span className="fd-swatch blocked" aria-hidden="true" /> <Trans>Out of order</Trans>
      </li>
      {/* The dot beside each room number: its housekeeping state. */}
      <li>
        <span className="fd-hk clean" aria-hidden="true" /> <Trans>Clean or inspected</Trans>
      </li>
      <li>
        <span className="fd-hk in_progress" aria-hidden="true" /> <Trans>Cleaning in progress</Trans>
      </li>
      <li>
        <span className="fd-hk dirty" aria-hidden="true" /> <Trans>Dirty</Trans>
      </li>
      <li className="fd-legend-hint">
        <Trans>Click or drag over free nights to book; drag a stay to move it.</Trans>
      </li>
    </ul>
  );
}
