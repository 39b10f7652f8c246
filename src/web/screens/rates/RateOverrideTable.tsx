import { Trans, useLingui } from "@lingui/react/macro";
import type { RateOverride } from "../../../domain/schemas/rate-overrides.js";
import type { RoomType } from "../../../domain/schemas/room-types.js";
import { useDeleteRateOverride } from "../../api/resources.js";
import { ACTIONS, DataTable, numeric } from "../../components/DataTable.js";
import { RowActions, RowOutcome } from "../../components/RowActions.js";
import { useMoney } from "../../components/useMoney.js";
import { useRowActions } from "../../components/useRowActions.js";
import { type NightToEdit, OverrideEditDialog } from "./OverrideEditDialog.js";
import { ALL_NAME, UNNAMED } from "./rateCalendar.js";
import { useTypeName } from "./typeName.js";

/** The override's room type by the rate calendar's English names ("All", "(unnamed)"), as NightToEdit has it. */
const typeName = (override: RateOverride) =>
  override.roomTypeId === null ? ALL_NAME : (override.roomTypeName ?? UNNAMED);

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
  const { t } = useLingui();
  const money = useMoney();
  const shownTypeName = useTypeName();
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
        aria-label={t`Rate overrides`}
        columns={[
          t`Date`,
          t`Room type`,
          numeric(t`Price`),
          numeric(t`Min LOS`),
          t`Stop sell`,
          canEdit && ACTIONS,
        ]}
      >
        {overrides.map((override) => {
          const type = shownTypeName({ id: override.roomTypeId, name: typeName(override) });
          const night = override.date;
          return (
            <tr key={override.id}>
              <td data-label={t`Date`}>{override.date}</td>
              <td data-label={t`Room type`}>{type}</td>
              <td data-label={t`Price`} className="num">
                {override.price === null ? (
                  <span className="muted">
                    <Trans>Base rate</Trans>
                  </span>
                ) : (
                  money(override.price)
                )}
              </td>
              <td data-label={t`Min LOS`} className="num">
                {override.minLOS}
              </td>
              <td data-label={t`Stop sell`}>
                {override.stopSell ? (
                  <span className="badge stop-sell">
                    <Trans>Yes</Trans>
                  </span>
                ) : (
                  <span>
                    <Trans>No</Trans>
                  </span>
                )}
              </td>
              {canEdit ? (
                <RowActions
                  busy={rows.busy(override.id)}
                  onEdit={() => edit(override)}
                  onDelete={() =>
                    rows.remove(
                      override.id,
                      t`Delete the override for ${type} on ${night}?`,
                      t`Override for ${type} on ${night} deleted.`,
                    )
                  }
                />
              ) : null}
            </tr>
          );
        })}
      </DataTable>
      <RowOutcome rows={rows} />
      {rows.editing ? (
        <OverrideEditDialog night={rows.editing} onSaved={rows.saved} onClose={rows.stopEditing} />
      ) : null}
    </>
  );
}
