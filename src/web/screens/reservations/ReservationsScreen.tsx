import { PageHeader } from "../../components/PageHeader.js";
import { ReservationForm } from "./ReservationForm.js";
import { ReservationSearch, useReservationFilters } from "./ReservationSearch.js";
import { ReservationsTable } from "./ReservationsTable.js";

export default function ReservationsScreen() {
  const { filters, update } = useReservationFilters();
  return (
    <>
      <PageHeader title="Reservations" />
      <ReservationForm />
      <section className="panel table-wrap reservations-panel" aria-label="Reservations">
        <ReservationSearch filters={filters} update={update} />
        <ReservationsTable filters={filters} />
      </section>
    </>
  );
}
