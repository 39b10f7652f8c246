/**
 * A profile's stays, newest first as the server lists them, with the nights and revenue of those sold
 * (booked, in house and past: docs/product.md#guests). A stay's code opens its details, as on Reservations.
 */
import { useState } from "react";
import { formatDay } from "../../../domain/dates.js";
import { guestDisplayName, RESERVATION_STATUS_LABELS, staysLabel } from "../../../domain/labels.js";
import type { GuestDetail } from "../../../domain/schemas/guests.js";
import { usePropertyToday } from "../../api/property.js";
import { DataTable, numeric } from "../../components/DataTable.js";
import { EmptyState } from "../../components/EmptyState.js";
import { useMoney } from "../../components/useMoney.js";
import { StayDialog } from "../reservations/StayDialog.js";
import { nightsLabel } from "../reservations/stayLabels.js";

export function GuestStays({ guest }: { guest: GuestDetail }) {
  const money = useMoney();
  const today = usePropertyToday();
  const [open, setOpen] = useState<string | null>(null);
  return (
    <section className="panel table-wrap" aria-labelledby="guest-stays-heading">
      <h2 id="guest-stays-heading">Stays</h2>
      <dl className="guest-figures">
        <div>
          <dt>Stays</dt>
          <dd>{guest.stays.length}</dd>
        </div>
        <div>
          <dt>Nights</dt>
          <dd>{guest.nights}</dd>
        </div>
        <div>
          <dt>Revenue</dt>
          <dd>{money(guest.revenue)}</dd>
        </div>
      </dl>
      <p className="muted">Nights and revenue count the stays booked, in house and past.</p>
      {guest.stays.length === 0 ? (
        <EmptyState>No stays yet.</EmptyState>
      ) : (
        <DataTable
          className="data phone-cards guest-stays"
          aria-label={`Stays of ${guestDisplayName(guest)}: ${staysLabel(guest.stays.length)}`}
          columns={["Code", "Dates", "Room", "Status", numeric("Total")]}
        >
          {guest.stays.map((stay) => (
            <tr key={stay.id}>
              <td data-label="Code">
                <button
                  type="button"
                  className="link-button"
                  title="Open the stay's details"
                  onClick={() => setOpen(stay.id)}
                >
                  <code>{stay.code}</code>
                </button>
              </td>
              <td data-label="Dates" className="nowrap">
                {formatDay(stay.checkInDate, today)} → {formatDay(stay.checkOutDate, today)}
                <div className="muted">{nightsLabel(stay.nights)}</div>
              </td>
              <td data-label="Room">{stay.roomNumber ?? "—"}</td>
              <td data-label="Status">
                <span className={`badge ${stay.status}`}>{RESERVATION_STATUS_LABELS[stay.status]}</span>
              </td>
              <td data-label="Total" className="num">
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
