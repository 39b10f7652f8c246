/**
 * Settings → Rate plans (docs/product.md#rate-plans-screen): the plans stays are sold on, each in words —
 * its price rule, cancellation, deposit, room types, whether guests see it online and whether it is on
 * sale — with "Add rate plan", Edit and Delete. The Standard plan is marked and has no Delete: the server
 * keeps it, as it keeps a plan stays were sold on (409 `in_use`, said under the table with the server's
 * reason).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { RatePlan } from "../../../domain/schemas/rate-plans.js";
import { useDeleteRatePlan, useRatePlans, useRoomTypes } from "../../api/resources.js";
import { ACTIONS, DataTable } from "../../components/DataTable.js";
import { FormError } from "../../components/FormError.js";
import { FormSuccess } from "../../components/FormSuccess.js";
import { QueryList } from "../../components/QueryList.js";
import { useMoney } from "../../components/useMoney.js";
import { useRowActions } from "../../components/useRowActions.js";
import { RatePlanDialog } from "./RatePlanDialog.js";
import { cancellationText, depositText, priceRuleText, roomTypesText } from "./ratePlanText.js";

export function RatePlansSection() {
  const plans = useRatePlans();
  const roomTypes = useRoomTypes().data ?? [];
  const money = useMoney();
  const deletion = useDeleteRatePlan();
  const rows = useRowActions<RatePlan>(deletion);
  const [adding, setAdding] = useState(false);
  const refused = plans.data?.find((plan) => plan.id === deletion.variables);
  const { t } = useLingui();
  const yesNo = (value: boolean) => (value ? t`Yes` : t`No`);
  const confirmDelete = (name: string) => t`Delete the rate plan ${name}?`;
  const deleted = (name: string) => t`Rate plan ${name} deleted.`;
  const notDeleted = (reason: string) => {
    if (!refused) return t`Could not delete the rate plan: ${reason}`;
    const name = refused.name;
    return t`Could not delete ${name}: ${reason}`;
  };
  const startAdding = () => {
    rows.clear();
    setAdding(true);
  };

  return (
    <section className="panel stack" aria-labelledby="rate-plans-heading">
      <div className="inventory-panel-head">
        <h2 id="rate-plans-heading">
          <Trans>Rate plans</Trans>
        </h2>
        <button type="button" className="button primary" onClick={startAdding}>
          <Trans>Add rate plan</Trans>
        </button>
      </div>
      <p className="muted section-intro">
        <Trans>
          How a stay is sold on top of the room's night price: a discount or surcharge, a supplement per
          adult, the cancellation terms and the deposit. A changed plan applies to new bookings only.
        </Trans>
      </p>
      <QueryList query={plans} empty={t`No rate plans yet.`}>
        {(items) => (
          <DataTable
            wrap
            className="data phone-cards rate-plans-table"
            aria-label={t`Rate plans`}
            columns={[
              t`Name`,
              t`Price`,
              t`Cancellation`,
              t`Deposit`,
              t`Room types`,
              t`Booking engine`,
              t`On sale`,
              ACTIONS,
            ]}
          >
            {items.map((plan) => (
              <tr key={plan.id}>
                <td data-label={t`Name`}>
                  <bdi>{plan.name}</bdi>
                  {plan.standard ? (
                    <div className="muted">
                      <Trans>Default plan, always on sale</Trans>
                    </div>
                  ) : null}
                </td>
                <td data-label={t`Price`}>{priceRuleText(plan, money)}</td>
                <td data-label={t`Cancellation`}>{cancellationText(plan.cancellationDays)}</td>
                <td data-label={t`Deposit`}>{depositText(plan.depositPercent)}</td>
                <td data-label={t`Room types`}>{roomTypesText(plan.roomTypeIds, roomTypes)}</td>
                <td data-label={t`Booking engine`}>{yesNo(plan.public)}</td>
                <td data-label={t`On sale`}>{yesNo(plan.active)}</td>
                <td className="print-hidden" data-label={t`Actions`}>
                  <div className="actions row-actions">
                    <button type="button" className="button small" onClick={() => rows.edit(plan)}>
                      <Trans>Edit</Trans>
                    </button>
                    {plan.standard ? null : (
                      <button
                        type="button"
                        className="button small danger"
                        disabled={rows.busy(plan.id)}
                        onClick={() => rows.remove(plan.id, confirmDelete(plan.name), deleted(plan.name))}
                      >
                        <Trans>Delete</Trans>
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryList>
      <FormError message={rows.error ? notDeleted(rows.error) : null} />
      <FormSuccess message={rows.message} />
      {adding ? <RatePlanDialog onSaved={rows.saved} onClose={() => setAdding(false)} /> : null}
      {rows.editing ? (
        <RatePlanDialog
          key={rows.editing.id}
          plan={rows.editing}
          onSaved={rows.saved}
          onClose={rows.stopEditing}
        />
      ) : null}
    </section>
  );
}
