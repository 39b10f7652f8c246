import { useCan } from "../../api/property.js";
import { useRooms, useRoomTypes } from "../../api/resources.js";
import { PageHeader } from "../../components/PageHeader.js";
import { QueryList } from "../../components/QueryList.js";
import { RoomForm } from "./RoomForm.js";
import { RoomTable } from "./RoomTable.js";
import { RoomTypeForm } from "./RoomTypeForm.js";
import { RoomTypeTable } from "./RoomTypeTable.js";

export default function InventoryScreen() {
  const roomTypes = useRoomTypes();
  const rooms = useRooms();
  const canEdit = useCan("manage");
  return (
    <>
      <PageHeader title="Inventory" />
      <div className="split">
        <section className="panel stack">
          <h2>Room Types</h2>
          {canEdit ? <RoomTypeForm /> : null}
          <QueryList query={roomTypes} empty="No room types yet.">
            {(items) => <RoomTypeTable roomTypes={items} canEdit={canEdit} />}
          </QueryList>
        </section>
        <section className="panel stack">
          <h2>Rooms</h2>
          {canEdit ? <RoomForm roomTypes={roomTypes.data ?? []} /> : null}
          <QueryList query={rooms} empty="No rooms yet.">
            {(items) => <RoomTable rooms={items} roomTypes={roomTypes.data ?? []} canEdit={canEdit} />}
          </QueryList>
        </section>
      </div>
    </>
  );
}
