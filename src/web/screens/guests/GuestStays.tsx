/**
 * A profile's stays, newest first as the server lists them, with the nights and revenue of those sold
 * (booked, in house and past: docs/product.md#guests). A stay's code opens its details, as on Reservations.
 */
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { GuestDetail } from "../../../domain/schemas/guests.js";
import { usePropertyToday } from "../../api/property.js";
import { DataTable, numeric } from "../../components/DataTable.js";
import { EmptyState } from "../../components/EmptyState.js";
import { useMoney } from "../../components/useMoney.js";
import { useDateWords } from "../../i18n/format.js";
import { useGuestWords } from "../../i18n/guestWords.js";
import { RESERVATION_STATUS_WORDS } from "../../i18n/labels.js";
import { StayDialog } from "../reservations/StayDialog.js";

export function GuestStays({ guest }: { guest: GuestDetail }) {
  const money = useMoney();
  const today = usePropertyToday();
  const [open, setOpen] = useState<string | null>(null);
  const { t } = useLingui();
  const words = useGuestWords();
  const dates = useDateWords();
  const name = words.name(guest);
  const stays = words.stays(guest.stays.length);
  return (
    <section className="panel table-wrap" aria-labelledby="guest-stays-heading">
      <h2 id="guest-stays-heading">
        <Trans>Stays</Trans>
      </h2>
      <dl className="guest-figures">
        <div>
          <dt>
            <Trans>Stays</Trans>
          </dt>
          <dd>{guest.stays.length}</dd>
        </div>
        <div>
          <dt>
            <Trans>Nights</Trans>
          </dt>
          <dd>{guest.nights}</dd>
        </div>
        <div>
          <dt>
            <Trans>Revenue</Trans>
          </dt>
          <dd>{money(guest.revenue)}</dd>
        </div>
      </dl>
      <p className="muted">
        <Trans>Nights and revenue count the stays booked, in house and past.</Trans>
      </p>
      {guest.stays.length === 0 ? (
        <EmptyState>{t`No stays yet.`}</EmptyState>
      ) : (
        <DataTable
          className="data phone-cards guest-stays"
          aria-label={t`Stays of ${name}: ${stays}`}
          columns={[t`Code`, t`Dates`, t`Room`, t`Status`, numeric(t`Total`)]}
        >
          {guest.stays.map(({ nights, ...stay }) => (
            <tr key={stay.id}>
              <td data-label={t`Code`}>
                <button
                  type="button"
                  className="link-button"
                  title={t`Open the stay's details`}
                  onClick={() => setOpen(stay.id)}
                >
                  <code>{stay.code}</code>
                </button>
              </td>
              <td data-label={t`Dates`} className="nowrap">
                {dates.day(stay.checkInDate, today)} → {dates.day(stay.checkOutDate, today)}
                <div className="muted">
                  <Plural value={nights} one="# night" other="# nights" />
                </div>
              </td>
              <td data-label={t`Room`}>{stay.roomNumber ?? "—"}</td>
              <td data-label={t`Status`}>
                <span className={`badge ${stay.status}`}>{t(RESERVATION_STATUS_WORDS[stay.status])}</span>
              </td>
              <td data-label={t`Total`} className="num">
                {money(stay.total)}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {open ? <StayDialog key={open} stayId={open} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
