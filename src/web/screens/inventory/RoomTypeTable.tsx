import { useState } from "react";
import type { RoomType } from "../../../domain/schemas.js";
import { useDeleteRoomType } from "../../api/resources.js";
import { FormError } from "../../components/FormError.js";
import { FormSuccess } from "../../components/FormSuccess.js";
import { RowActions } from "../../components/RowActions.js";
import { useConfirmedDelete } from "../../components/useConfirmedDelete.js";
import { useMoney } from "../../components/useMoney.js";
import { RoomTypeEditDialog } from "./RoomTypeEditDialog.js";

const typeName = (type: RoomType) => type.name || "(unnamed)";

export function RoomTypeTable({ roomTypes, canEdit }: { roomTypes: RoomType[]; canEdit: boolean }) {
  const money = useMoney();
  const [editing, setEditing] = useState<RoomType | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const removal = useConfirmedDelete(useDeleteRoomType());
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
              {canEdit ? (
                <th scope="col" className="print-hidden">
                  Actions
                </th>
              ) : null}
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
                    busy={removal.busy(type.id)}
                    onEdit={() => {
                      removal.reset();
                      setSaved(null);
                      setEditing(type);
                    }}
                    onDelete={() => {
                      setSaved(null);
                      removal.remove(
                        type.id,
                        `Delete room type ${typeName(type)}?`,
                        `Room type ${typeName(type)} deleted.`,
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
        <RoomTypeEditDialog
          roomType={editing}
          onSaved={(type) => setSaved(`Room type ${typeName(type)} saved.`)}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}
