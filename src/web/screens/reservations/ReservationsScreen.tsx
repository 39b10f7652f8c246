import { PageHeader } from "../../components/PageHeader.js";

export default function ReservationsScreen() {
  return <PageHeader title="Reservations" />;
}
