/**
 * The reservations table (docs/product.md#screens-and-routes), newest first as the server returns it,
 * narrowed by the screen's search and status filter. Status actions are those the shared transition rule
 * allows (docs/product.md#statuses-and-transitions): Check-In and No-show while booked, Check-Out while
 * checked in, Cancel (after its confirm) from either. Each row shows what the guest still owes (or a credit).
 * A stay without a guest name is named by its code. Edit opens the stay with its payments. On a phone
 * each row is a card (reservations-reports.css), labelled by the cells' `data-label`.
 */
import { plural, t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Link } from "react-router";
import type { ReservationStatus } from "../../../domain/constants.js";
import { stayDisplayName } from "../../../domain/labels.js";
import type { Reservation } from "../../../domain/schemas/reservations.js";
import { useCan } from "../../api/property.js";
import {
  hasFilters,
  NO_FILTERS,
  type ReservationFilters,
  useReservationSearch,
} from "../../api/reservations.js";
import { ACTIONS, DataTable, numeric } from "../../components/DataTable.js";
import { EmptyState } from "../../components/EmptyState.js";
import { FormError } from "../../components/FormError.js";
import { FormSuccess } from "../../components/FormSuccess.js";
import { LoadMore } from "../../components/LoadMore.js";
import { SetupChecklist } from "../../components/SetupChecklist.js";
import { useMoney } from "../../components/useMoney.js";
import { RESERVATION_STATUS_WORDS } from "../../i18n/labels.js";
import { StayDialog } from "./StayDialog.js";
import { balanceLabel, guestsLabel, nightsLabel, stayTitle } from "./stayLabels.js";
import { useStayStatus } from "./useStayStatus.js";

/** How a done status change reads in the confirmation under the search. */
function doneMessage(reservation: Reservation, to: ReservationStatus): string {
  const stay = stayTitle(reservation);
  switch (to) {
    case "booked":
      return t`${stay} booked.`;
    case "checked_in":
      return t`${stay} checked in.`;
    case "checked_out":
      return t`${stay} checked out.`;
    case "no_show":
      return t`${stay} marked as no-show.`;
    case "cancelled":
      return t`${stay} cancelled.`;
  }
}

/** What the search found, for the live region above the table; empty without a search. */
function searchOutcome(state: {
  filtered: boolean;
  stale: boolean;
  pending: boolean;
  count: number;
  more: boolean;
}): string {
  const { count } = state;
  if (state.stale) return t`Searching...`;
  if (!state.filtered || state.pending) return "";
  if (count === 0) return t`No reservations match your search.`;
  if (state.more) {
    return plural(count, {
      one: "The # newest matches are shown. Load more for older ones.",
      other: "The # newest matches are shown. Load more for older ones.",
    });
  }
  return plural(count, { one: "# reservation matches.", other: "# reservations match." });
}

export function ReservationsTable({ filters = NO_FILTERS }: { filters?: ReservationFilters }) {
  const reservations = useReservationSearch(filters);
  const status = useStayStatus();
  const money = useMoney();
  const canSeeHistory = useCan("team");
  const [saved, setSaved] = useState<string | null>(null);
  const [open, setOpen] = useState<Reservation | null>(null);
  const { t } = useLingui();

  const setStatus = (reservation: Reservation, to: ReservationStatus) => {
    setSaved(null);
    void status.setStatus(reservation, to, undefined, () => setSaved(doneMessage(reservation, to)));
  };

  const rows = reservations.data?.pages.flat() ?? [];
  // The rows on screen are an earlier search's while the new one loads.
  const stale = reservations.isPlaceholderData;
  const filtered = hasFilters(filters);
  return (
    <>
      <FormError message={reservations.error?.message} />
      <FormError message={status.error} />
      <FormSuccess message={saved} />
      {/* One polite live region says how a search went, so it is heard as well as seen. */}
      <p className={filtered && rows.length === 0 && !stale ? "empty" : "muted result-count"} role="status">
        {searchOutcome({
          filtered,
          stale,
          pending: reservations.isPending,
          count: rows.length,
          more: reservations.hasNextPage,
        })}
      </p>
      {reservations.isPending ? (
        <p className="empty">
          <Trans>Loading...</Trans>
        </p>
      ) : rows.length === 0 ? (
        filtered || stale ? null : (
          <>
            <EmptyState>
              <Trans>No reservations yet.</Trans>
            </EmptyState>
            <SetupChecklist />
          </>
        )
      ) : (
        <DataTable
          className="data reservations-table phone-cards"
          aria-busy={stale}
          columns={[
            t`Code`,
            t`Guest`,
            t`Room`,
            t`Dates`,
            t`Status`,
            numeric(t`Total`),
            numeric(t`Balance`),
            ACTIONS,
          ]}
        >
          {rows.map((reservation) => (
            <tr key={reservation.id}>
              <td data-label={t`Code`}>
                <code>{reservation.code}</code>
              </td>
              <td data-label={t`Guest`}>
                <bdi className="clip" title={stayDisplayName(reservation)}>
                  {stayDisplayName(reservation)}
                </bdi>
                {reservation.guestPhone ? (
                  <bdi className="clip muted" title={reservation.guestPhone}>
                    {reservation.guestPhone}
                  </bdi>
                ) : null}
              </td>
              <td data-label={t`Room`}>{reservation.roomNumber ?? "—"}</td>
              <td data-label={t`Dates`} className="nowrap">
                {reservation.checkInDate} → {reservation.checkOutDate}
                <div className="muted">
                  {nightsLabel(reservation.nights)} · {guestsLabel(reservation)}
                </div>
              </td>
              <td data-label={t`Status`}>
                <span className={`badge ${reservation.status}`}>
                  {t(RESERVATION_STATUS_WORDS[reservation.status])}
                </span>
              </td>
              <td data-label={t`Total`} className="num">
                {/* What the guest pays (nights, taxes, extras): the total the balance is taken from. */}
                {money(reservation.folioTotal)}
              </td>
              <td data-label={t`Balance`} className="num">
                {/* Paid more than the total: a credit to refund, not a negative amount to decode. */}
                {reservation.balance < 0
                  ? balanceLabel(reservation.balance, money)
                  : money(reservation.balance)}
              </td>
              <td data-label={t`Actions`} className="print-hidden">
                <div className="actions">
                  <button type="button" className="button small" onClick={() => setOpen(reservation)}>
                    <Trans>Edit</Trans>
                  </button>
                  {canSeeHistory ? (
                    <Link className="button small" to={`/hms/activity?entityId=${reservation.id}`}>
                      <Trans>History</Trans>
                    </Link>
                  ) : null}
                  {status.actionsFor(reservation).map((action) => (
                    <button
                      key={action.to}
                      type="button"
                      className={action.to === "cancelled" ? "button small danger" : "button small"}
                      disabled={status.busy(reservation)}
                      onClick={() => setStatus(reservation, action.to)}
                    >
                      {action.label}
                    </button>
                  ))}
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <LoadMore query={reservations} />
      {open ? <StayDialog key={open.id} stay={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
