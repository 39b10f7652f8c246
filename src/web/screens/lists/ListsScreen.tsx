/**
 * Daily lists (docs/product.md#front-desk-tape-chart): the arrivals, departures and in-house guests of any
 * day, each with room, nights, status and balance, under the hotel's name and the day, ready to print
 * (print.css). The day lives in the URL (`?date=YYYY-MM-DD`) so a list can be bookmarked; it defaults to
 * today in the hotel's zone. The lists are the reservations API's date filters, live like every stay query.
 */
import { useSearchParams } from "react-router";
import { isIsoDate } from "../../../domain/dates.js";
import { capitalize, RESERVATION_STATUS_LABELS, stayDisplayName } from "../../../domain/labels.js";
import { useProperty, usePropertyToday } from "../../api/property.js";
import { useStaysOn } from "../../api/reservations.js";
import { DataTable, numeric } from "../../components/DataTable.js";
import { DateField } from "../../components/Field.js";
import { FormError } from "../../components/FormError.js";
import { PageHeader } from "../../components/PageHeader.js";
import { useMoney } from "../../components/useMoney.js";
import { balanceLabel, nightsLabel } from "../reservations/stayLabels.js";
import { byRoom, DAY_LISTS, type DayList, dayLabel } from "./days.js";

const EMPTY: Record<DayList["filter"], string> = {
  arrivingOn: "No arrivals.",
  departingOn: "No departures.",
  inHouseOn: "Nobody in house.",
};

export default function ListsScreen() {
  const today = usePropertyToday();
  const property = useProperty();
  const [params, setParams] = useSearchParams();
  const asked = params.get("date") ?? "";
  const date = isIsoDate(asked) ? asked : today;
  const label = dayLabel(date, today);
  return (
    <>
      <PageHeader title="Daily lists">
        <DateField
          label="Date"
          value={date}
          onChange={(event) => {
            // A half-typed date keeps the lists of the last whole one.
            if (isIsoDate(event.target.value)) setParams({ date: event.target.value }, { replace: true });
          }}
        />
        <button type="button" className="button" onClick={() => window.print()}>
          Print
        </button>
      </PageHeader>
      <h2 className="print-title lists-title">
        <bdi>{property.name}</bdi> · {label}
      </h2>
      {DAY_LISTS.map((list) => (
        <StayList key={list.filter} list={list} date={date} />
      ))}
    </>
  );
}

function StayList({ list, date }: { list: DayList; date: string }) {
  const stays = useStaysOn(list.filter, date, list.statuses);
  const money = useMoney();
  const items = byRoom(stays.data?.items ?? []);
  const total = stays.data?.total ?? 0;
  const headingId = `list-${list.filter}`;
  return (
    <section className="panel day-list" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {list.title} <span className="fd-count">{stays.isPending ? "…" : total}</span>
      </h3>
      <FormError message={stays.error?.message} />
      {stays.isPending ? (
        <p className="muted">Loading...</p>
      ) : items.length === 0 ? (
        <p className="muted">{EMPTY[list.filter]}</p>
      ) : (
        <DataTable
          className="data phone-cards day-list-table"
          columns={["Guest", "Room", "Nights", "Status", numeric("Balance")]}
        >
          {items.map((stay) => (
            <tr key={stay.id}>
              <td data-label="Guest">
                <bdi>{stayDisplayName(stay)}</bdi>
                {stay.guestName.trim() ? <div className="muted">{stay.code}</div> : null}
              </td>
              <td data-label="Room">{stay.roomNumber ?? "Unassigned"}</td>
              <td data-label="Nights" className="nowrap">
                {nightsLabel(stay.nights)}
                <div className="muted">
                  {stay.checkInDate} → {stay.checkOutDate}
                </div>
              </td>
              <td data-label="Status">{capitalize(RESERVATION_STATUS_LABELS[stay.status])}</td>
              <td data-label="Balance" className="num">
                {stay.balance < 0 ? balanceLabel(stay.balance, money) : money(stay.balance)}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {total > items.length ? (
        <p className="muted">
          Showing {items.length} of {total}. Search Reservations for the others.
        </p>
      ) : null}
    </section>
  );
}
