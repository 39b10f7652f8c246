import type { RoomType } from "../../../domain/schemas/room-types.js";
import { useDeleteRoomType } from "../../api/resources.js";
import { ACTIONS, DataTable, numeric } from "../../components/DataTable.js";
import { RowActions, RowOutcome } from "../../components/RowActions.js";
import { useMoney } from "../../components/useMoney.js";
import { useRowActions } from "../../components/useRowActions.js";
import { RoomTypeEditDialog } from "./RoomTypeEditDialog.js";

const typeName = (type: RoomType) => type.name || "(unnamed)";

export function RoomTypeTable({ roomTypes, canEdit }: { roomTypes: RoomType[]; canEdit: boolean }) {
  const money = useMoney();
  const rows = useRowActions<RoomType>(useDeleteRoomType());
  return (
    <>
      <DataTable
        wrap
        className="data phone-cards"
        columns={["Name", numeric("Capacity"), numeric("Base rate"), canEdit && ACTIONS]}
      >
        {roomTypes.map((type) => (
          <tr key={type.id}>
            <td data-label="Name">{type.name || <span className="muted">(unnamed)</span>}</td>
            <td data-label="Capacity" className="num">
              {type.capacity}
            </td>
            <td data-label="Base rate" className="num">
              {money(type.baseRate)}
            </td>
            {canEdit ? (
              <RowActions
                busy={rows.busy(type.id)}
                onEdit={() => rows.edit(type)}
                onDelete={() =>
                  rows.remove(
                    type.id,
                    `Delete room type ${typeName(type)}?`,
                    `Room type ${typeName(type)} deleted.`,
                  )
                }
              />
            ) : null}
          </tr>
        ))}
      </DataTable>
      <RowOutcome rows={rows} />
      {rows.editing ? (
        <RoomTypeEditDialog
          roomType={rows.editing}
          onSaved={(type) => rows.saved(`Room type ${typeName(type)} saved.`)}
          onClose={rows.stopEditing}
        />
      ) : null}
    </>
  );
}
