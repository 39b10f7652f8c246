import { useState } from "react";
import type { RateOverride, RoomType } from "../../../domain/schemas.js";
import { useDeleteRateOverride } from "../../api/resources.js";
import { FormError } from "../../components/FormError.js";
import { FormSuccess } from "../../components/FormSuccess.js";
import { RowActions } from "../../components/RowActions.js";
import { useConfirmedDelete } from "../../components/useConfirmedDelete.js";
import { useMoney } from "../../components/useMoney.js";
import { type NightToEdit, OverrideEditDialog } from "./OverrideEditDialog.js";

const typeName = (override: RateOverride) =>
  override.roomTypeId === null ? "All" : (override.roomTypeName ?? "(unnamed)");

/** Rows arrive sorted from the server. */
export function RateOverrideTable({
  overrides,
  roomTypes,
  canEdit,
}: {
  overrides: RateOverride[];
  roomTypes: RoomType[];
  canEdit: boolean;
}) {
  const money = useMoney();
  const [editing, setEditing] = useState<NightToEdit | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const removal = useConfirmedDelete(useDeleteRateOverride());
  const edit = (override: RateOverride) => {
    const type = roomTypes.find((t) => t.id === override.roomTypeId);
    removal.reset();
    setSaved(null);
    setEditing({
      date: override.date,
      roomType: { id: override.roomTypeId, name: typeName(override), baseRate: type?.baseRate ?? null },
      override,
    });
  };
  return (
    <>
      <div className="table-wrap">
        <table className="data phone-cards" aria-label="Rate overrides">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Room type</th>
              <th scope="col" className="num">
                Price
              </th>
              <th scope="col" className="num">
                Min LOS
              </th>
              <th scope="col">Stop sell</th>
              {canEdit ? (
                <th scope="col" className="print-hidden">
                  Actions
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {overrides.map((override) => (
              <tr key={override.id}>
                <td data-label="Date">{override.date}</td>
                <td data-label="Room type">{typeName(override)}</td>
                <td data-label="Price" className="num">
                  {override.price === null ? <span className="muted">Base rate</span> : money(override.price)}
                </td>
                <td data-label="Min LOS" className="num">
                  {override.minLOS}
                </td>
                <td data-label="Stop sell">
                  {override.stopSell ? <span className="badge stop-sell">Yes</span> : <span>No</span>}
                </td>
                {canEdit ? (
                  <RowActions
                    busy={removal.busy(override.id)}
                    onEdit={() => edit(override)}
                    onDelete={() => {
                      setSaved(null);
                      const what = `${typeName(override)} on ${override.date}`;
                      removal.remove(
                        override.id,
                        `Delete the override for ${what}?`,
                        `Override for ${what} deleted.`,
                      );
                    }}
                  />
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <FormError message={removal.error} />
      <FormSuccess message={removal.done ?? saved} />
      {editing ? (
        <OverrideEditDialog night={editing} onSaved={setSaved} onClose={() => setEditing(null)} />
      ) : null}
    </>
  );
}
