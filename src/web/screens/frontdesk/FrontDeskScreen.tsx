/** Front Desk (SPEC §2): the availability strip of every room over 15 days from a chosen start date. */
import { useState } from "react";
import { Link } from "react-router";
import { FRONT_DESK_DAYS } from "../../../domain/constants.js";
import { isIsoDate } from "../../../domain/dates.js";
import { usePropertyToday } from "../../api/property.js";
import { useAvailability } from "../../api/resources.js";
import { EmptyState } from "../../components/EmptyState.js";
import { InputField } from "../../components/Field.js";
import { PageHeader } from "../../components/PageHeader.js";
import { AvailabilityGrid } from "./AvailabilityGrid.js";

export default function FrontDeskScreen() {
  const today = usePropertyToday();
  // The input may hold a half-typed (empty) value; the grid keeps showing the last complete date.
  const [input, setInput] = useState(today);
  const [start, setStart] = useState(today);
  const availability = useAvailability(start, FRONT_DESK_DAYS);

  return (
    <>
      <PageHeader title="Front Desk">
        <InputField
          label="Start date"
          type="date"
          className="fd-start-input"
          value={input}
          onChange={(event) => {
            setInput(event.target.value);
            if (isIsoDate(event.target.value)) setStart(event.target.value);
          }}
        />
        <Link className="button primary" to="/hms/reservations">
          New Reservation
        </Link>
      </PageHeader>
      <section className="panel fd-panel" aria-label="Availability grid">
        {availability.isError ? (
          <p className="form-error" role="alert">
            {availability.error.message}
          </p>
        ) : availability.isPending ? (
          <p className="empty">Loading...</p>
        ) : availability.data.rooms.length === 0 ? (
          <EmptyState>No rooms yet. Add rooms in Inventory.</EmptyState>
        ) : (
          <>
            <Legend />
            <AvailabilityGrid availability={availability.data} today={today} />
          </>
        )}
      </section>
    </>
  );
}

function Legend() {
  return (
    <ul className="fd-legend" aria-label="Legend">
      <li>
        <span className="fd-swatch booked" aria-hidden="true" /> Booked or checked out
      </li>
      <li>
        <span className="fd-swatch checked_in" aria-hidden="true" /> Checked in
      </li>
    </ul>
  );
}
