import type { RateOverride } from "../../../domain/schemas/rate-overrides.js";
import type { RoomType } from "../../../domain/schemas/room-types.js";
import { useDeleteRateOverride } from "../../api/resources.js";
import { ACTIONS, DataTable, numeric } from "../../components/DataTable.js";
import { RowActions, RowOutcome } from "../../components/RowActions.js";
import { useMoney } from "../../components/useMoney.js";
import { useRowActions } from "../../components/useRowActions.js";
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
  const rows = useRowActions<NightToEdit>(useDeleteRateOverride());
  const edit = (override: RateOverride) => {
    const type = roomTypes.find((t) => t.id === override.roomTypeId);
    rows.edit({
      date: override.date,
      roomType: { id: override.roomTypeId, name: typeName(override), baseRate: type?.baseRate ?? null },
      override,
    });
  };
  return (
    <>
      <DataTable
        wrap
        className="data phone-cards"
        aria-label="Rate overrides"
        columns={["Date", "Room type", numeric("Price"), numeric("Min LOS"), "Stop sell", canEdit && ACTIONS]}
      >
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
                busy={rows.busy(override.id)}
                onEdit={() => edit(override)}
                onDelete={() => {
                  const what = `${typeName(override)} on ${override.date}`;
                  rows.remove(
                    override.id,
                    `Delete the override for ${what}?`,
                    `Override for ${what} deleted.`,
                  );
                }}
              />
            ) : null}
          </tr>
        ))}
      </DataTable>
      <RowOutcome rows={rows} />
      {rows.editing ? (
        <OverrideEditDialog night={rows.editing} onSaved={rows.saved} onClose={rows.stopEditing} />
      ) : null}
    </>
  );
}
