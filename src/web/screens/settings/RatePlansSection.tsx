/**
 * Settings → Rate plans (docs/product.md#rate-plans-screen): the plans stays are sold on, each in words —
 * its price rule, cancellation, deposit, room types, whether guests see it online and whether it is on
 * sale — with "Add rate plan", Edit and Delete. The Standard plan is marked and has no Delete: the server
 * keeps it, as it keeps a plan stays were sold on (409 `in_use`, said under the table with the server's
 * reason).
 */
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

const yesNo = (value: boolean) => (value ? "Yes" : "No");

export function RatePlansSection() {
  const plans = useRatePlans();
  const roomTypes = useRoomTypes().data ?? [];
  const money = useMoney();
  const deletion = useDeleteRatePlan();
  const rows = useRowActions<RatePlan>(deletion);
  const [adding, setAdding] = useState(false);
  const refused = plans.data?.find((plan) => plan.id === deletion.variables);
  const startAdding = () => {
    rows.clear();
    setAdding(true);
  };

  return (
    <section className="panel stack" aria-labelledby="rate-plans-heading">
      <div className="inventory-panel-head">
        <h2 id="rate-plans-heading">Rate plans</h2>
        <button type="button" className="button primary" onClick={startAdding}>
          Add rate plan
        </button>
      </div>
      <p className="muted section-intro">
        How a stay is sold on top of the room's night price: a discount or surcharge, a supplement per adult,
        the cancellation terms and the deposit. A changed plan applies to new bookings only.
      </p>
      <QueryList query={plans} empty="No rate plans yet.">
        {(items) => (
          <DataTable
            wrap
            className="data phone-cards rate-plans-table"
            aria-label="Rate plans"
            columns={[
              "Name",
              "Price",
              "Cancellation",
              "Deposit",
              "Room types",
              "Booking engine",
              "On sale",
              ACTIONS,
            ]}
          >
            {items.map((plan) => (
              <tr key={plan.id}>
                <td data-label="Name">
                  <bdi>{plan.name}</bdi>
                  {plan.standard ? <div className="muted">Default plan, always on sale</div> : null}
                </td>
                <td data-label="Price">{priceRuleText(plan, money)}</td>
                <td data-label="Cancellation">{cancellationText(plan.cancellationDays)}</td>
                <td data-label="Deposit">{depositText(plan.depositPercent)}</td>
                <td data-label="Room types">{roomTypesText(plan.roomTypeIds, roomTypes)}</td>
                <td data-label="Booking engine">{yesNo(plan.public)}</td>
                <td data-label="On sale">{yesNo(plan.active)}</td>
                <td className="print-hidden" data-label="Actions">
                  <div className="actions row-actions">
                    <button type="button" className="button small" onClick={() => rows.edit(plan)}>
                      Edit
                    </button>
                    {plan.standard ? null : (
                      <button
                        type="button"
                        className="button small danger"
                        disabled={rows.busy(plan.id)}
                        onClick={() =>
                          rows.remove(
                            plan.id,
                            `Delete the rate plan ${plan.name}?`,
                            `Rate plan ${plan.name} deleted.`,
                          )
                        }
                      >
                        Delete
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryList>
      <FormError
        message={rows.error ? `Could not delete ${refused?.name ?? "the rate plan"}: ${rows.error}` : null}
      />
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
