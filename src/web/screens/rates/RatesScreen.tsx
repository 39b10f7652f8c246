import { Trans, useLingui } from "@lingui/react/macro";
import { useCan } from "../../api/property.js";
import { useRateOverrides, useRoomTypes } from "../../api/resources.js";
import { FormError } from "../../components/FormError.js";
import { PageHeader } from "../../components/PageHeader.js";
import { QueryList } from "../../components/QueryList.js";
import { RateCalendar } from "./RateCalendar.js";
import { RateOverrideForm } from "./RateOverrideForm.js";
import { RateOverrideTable } from "./RateOverrideTable.js";

export default function RatesScreen() {
  const { t } = useLingui();
  const roomTypes = useRoomTypes();
  const overrides = useRateOverrides();
  const canEdit = useCan("manage");
  return (
    <>
      <PageHeader title={t`Rates`} />
      {roomTypes.data ? (
        <RateCalendar roomTypes={roomTypes.data} canEdit={canEdit} />
      ) : (
        <FormError message={roomTypes.error?.message} />
      )}
      {canEdit ? (
        <section className="panel">
          <h2>
            <Trans>Daily Rate Override</Trans>
          </h2>
          <RateOverrideForm roomTypes={roomTypes.data ?? []} />
        </section>
      ) : null}
      <section className="panel">
        <h2>
          <Trans>Overrides</Trans>
        </h2>
        <QueryList query={overrides} empty={t`No overrides yet.`}>
          {(items) => (
            <RateOverrideTable overrides={items} roomTypes={roomTypes.data ?? []} canEdit={canEdit} />
          )}
        </QueryList>
      </section>
    </>
  );
}
