import { PageHeader } from "../../components/PageHeader.js";
import { ReservationForm } from "./ReservationForm.js";
import { ReservationsTable } from "./ReservationsTable.js";

export default function ReservationsScreen() {
  return (
    <>
      <PageHeader title="Reservations" />
      <ReservationForm />
      <ReservationsTable />
    </>
  );
}
