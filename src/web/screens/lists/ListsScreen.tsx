/**
 * Daily lists (docs/product.md#front-desk-tape-chart): the arrivals, departures and in-house guests of any
 * day, each with room, nights, status and balance, under the hotel's name and the day, ready to print
 * (print.css). The day lives in the URL (`?date=YYYY-MM-DD`) so a list can be bookmarked; it defaults to
 * today in the hotel's zone. The lists are the reservations API's date filters, live like every stay query.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSearchParams } from "react-router";
import { isIsoDate } from "../../../domain/dates.js";
import { capitalize, stayDisplayName } from "../../../domain/labels.js";
import { useProperty, usePropertyToday } from "../../api/property.js";
import { useStaysOn } from "../../api/reservations.js";
import { DataTable, numeric } from "../../components/DataTable.js";
import { DateField } from "../../components/Field.js";
import { FormError } from "../../components/FormError.js";
import { PageHeader } from "../../components/PageHeader.js";
import { useMoney } from "../../components/useMoney.js";
import { RESERVATION_STATUS_WORDS } from "../../i18n/labels.js";
import { balanceLabel, nightsLabel } from "../reservations/stayLabels.js";
import { byRoom, DAY_LISTS, type DayList, dayLabel } from "./days.js";

/** Each list's heading (the words of `DAY_LISTS`, in the language shown). */
const TITLES: Record<DayList["filter"], MessageDescriptor> = {
  arrivingOn: msg`Arrivals`,
  departingOn: msg`Departures`,
  inHouseOn: msg`In house`,
};

const EMPTY: Record<DayList["filter"], MessageDescriptor> = {
  arrivingOn: msg`No arrivals.`,
  departingOn: msg`No departures.`,
  inHouseOn: msg`Nobody in house.`,
};

export default function ListsScreen() {
  const { t } = useLingui();
  const today = usePropertyToday();
  const property = useProperty();
  const [params, setParams] = useSearchParams();
  const asked = params.get("date") ?? "";
  const date = isIsoDate(asked) ? asked : today;
  const label = dayLabel(date, today);
  return (
    <>
      <PageHeader title={t`Daily lists`}>
        <DateField
          label={t`Date`}
          value={date}
          onChange={(event) => {
            // A half-typed date keeps the lists of the last whole one.
            if (isIsoDate(event.target.value)) setParams({ date: event.target.value }, { replace: true });
          }}
        />
        <button type="button" className="button" onClick={() => window.print()}>
          <Trans>Print</Trans>
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
  const { t } = useLingui();
  const stays = useStaysOn(list.filter, date, list.statuses);
  const money = useMoney();
  const items = byRoom(stays.data?.items ?? []);
  const total = stays.data?.total ?? 0;
  const loaded = items.length;
  const headingId = `list-${list.filter}`;
  return (
    <section className="panel day-list" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {t(TITLES[list.filter])} <span className="fd-count">{stays.isPending ? "…" : total}</span>
      </h3>
      <FormError message={stays.error?.message} />
      {stays.isPending ? (
        <p className="muted">
          <Trans>Loading...</Trans>
        </p>
      ) : items.length === 0 ? (
        <p className="muted">{t(EMPTY[list.filter])}</p>
      ) : (
        <DataTable
          className="data phone-cards day-list-table"
          columns={[t`Guest`, t`Room`, t`Nights`, t`Status`, numeric(t`Balance`)]}
        >
          {items.map((stay) => (
            <tr key={stay.id}>
              <td data-label={t`Guest`}>
                <bdi>{stayDisplayName(stay)}</bdi>
                {stay.guestName.trim() ? <div className="muted">{stay.code}</div> : null}
              </td>
              <td data-label={t`Room`}>{stay.roomNumber ?? t`Unassigned`}</td>
              <td data-label={t`Nights`} className="nowrap">
                {nightsLabel(stay.nights)}
                <div className="muted">
                  {stay.checkInDate} → {stay.checkOutDate}
                </div>
              </td>
              <td data-label={t`Status`}>{capitalize(t(RESERVATION_STATUS_WORDS[stay.status]))}</td>
              <td data-label={t`Balance`} className="num">
                {stay.balance < 0 ? balanceLabel(stay.balance, money) : money(stay.balance)}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {total > items.length ? (
        <p className="muted">
          <Trans>
            Showing {loaded} of {total}. Search Reservations for the others.
          </Trans>
        </p>
      ) : null}
    </section>
  );
}
