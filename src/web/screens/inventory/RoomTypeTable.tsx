import type { RoomType } from "../../../domain/schemas/room-types.js";
import { useDeleteRoomType } from "../../api/resources.js";
import { FormError } from "../../components/FormError.js";
import { FormSuccess } from "../../components/FormSuccess.js";
import { RowActions, RowActionsHeader } from "../../components/RowActions.js";
import { useMoney } from "../../components/useMoney.js";
import { useRowActions } from "../../components/useRowActions.js";
import { RoomTypeEditDialog } from "./RoomTypeEditDialog.js";

const typeName = (type: RoomType) => type.name || "(unnamed)";

export function RoomTypeTable({ roomTypes, canEdit }: { roomTypes: RoomType[]; canEdit: boolean }) {
  const money = useMoney();
  const rows = useRowActions<RoomType>(useDeleteRoomType());
  return (
    <>
      <div className="table-wrap">
        <table className="data phone-cards">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col" className="num">
                Capacity
              </th>
              <th scope="col" className="num">
                Base rate
              </th>
              {canEdit ? <RowActionsHeader /> : null}
            </tr>
          </thead>
          <tbody>
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
          </tbody>
        </table>
      </div>
      <FormError message={rows.error} />
      <FormSuccess message={rows.message} />
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
