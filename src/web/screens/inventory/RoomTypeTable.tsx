import { Trans, useLingui } from "@lingui/react/macro";
import type { RoomType } from "../../../domain/schemas/room-types.js";
import { useDeleteRoomType } from "../../api/resources.js";
import { ACTIONS, DataTable, numeric } from "../../components/DataTable.js";
import { RowActions, RowOutcome } from "../../components/RowActions.js";
import { useMoney } from "../../components/useMoney.js";
import { useRowActions } from "../../components/useRowActions.js";
import { RoomTypeEditDialog } from "./RoomTypeEditDialog.js";

export function RoomTypeTable({ roomTypes, canEdit }: { roomTypes: RoomType[]; canEdit: boolean }) {
  const { t } = useLingui();
  const money = useMoney();
  const typeName = (type: RoomType) => type.name || t`(unnamed)`;
  const rows = useRowActions<RoomType>(useDeleteRoomType());
  return (
    <>
      <DataTable
        wrap
        className="data phone-cards"
        columns={[t`Name`, numeric(t`Capacity`), numeric(t`Base rate`), canEdit && ACTIONS]}
      >
        {roomTypes.map((type) => {
          const name = typeName(type);
          return (
            <tr key={type.id}>
              <td data-label={t`Name`}>
                {type.name || (
                  <span className="muted">
                    <Trans>(unnamed)</Trans>
                  </span>
                )}
              </td>
              <td data-label={t`Capacity`} className="num">
                {type.capacity}
              </td>
              <td data-label={t`Base rate`} className="num">
                {money(type.baseRate)}
              </td>
              {canEdit ? (
                <RowActions
                  busy={rows.busy(type.id)}
                  onEdit={() => rows.edit(type)}
                  onDelete={() =>
                    rows.remove(type.id, t`Delete room type ${name}?`, t`Room type ${name} deleted.`)
                  }
                />
              ) : null}
            </tr>
          );
        })}
      </DataTable>
      <RowOutcome rows={rows} />
      {rows.editing ? (
        <RoomTypeEditDialog
          roomType={rows.editing}
          onSaved={(type) => {
            const name = typeName(type);
            rows.saved(t`Room type ${name} saved.`);
          }}
          onClose={rows.stopEditing}
        />
      ) : null}
    </>
  );
}
