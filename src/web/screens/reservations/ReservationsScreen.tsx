import { Trans, useLingui } from "@lingui/react/macro";
import { useCan, useProperty } from "../../api/property.js";
import { reservationsCsvPath } from "../../api/reservations.js";
import { PageHeader } from "../../components/PageHeader.js";
import { ReservationForm } from "./ReservationForm.js";
import { ReservationSearch, useReservationFilters } from "./ReservationSearch.js";
import { ReservationsTable } from "./ReservationsTable.js";

export default function ReservationsScreen() {
  const { filters, update } = useReservationFilters();
  const { id } = useProperty();
  // Exports are a manager's tool: reports and exports need "manage" (docs/product.md#roles-and-permissions).
  const canExport = useCan("manage");
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Reservations`}>
        {canExport ? (
          // Every stay the search and status filter match, not only the pages loaded.
          <a className="button" href={reservationsCsvPath(id, filters)} download>
            <Trans>Export CSV</Trans>
          </a>
        ) : null}
      </PageHeader>
      <ReservationForm />
      <section className="panel table-wrap reservations-panel" aria-label={t`Reservations`}>
        <ReservationSearch filters={filters} update={update} />
        <ReservationsTable filters={filters} />
      </section>
    </>
  );
}
