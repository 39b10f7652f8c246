import { useRooms } from "../../api/resources.js";
import { PageHeader } from "../../components/PageHeader.js";
import { QueryList } from "../../components/QueryList.js";
import { SetupChecklist } from "../../components/SetupChecklist.js";
import { RoomCard } from "./RoomCard.js";

export default function HousekeepingScreen() {
  const rooms = useRooms();
  return (
    <>
      <PageHeader title="Housekeeping" />
      <QueryList query={rooms} empty="No rooms yet." frame="panel" emptyDetail={<SetupChecklist />}>
        {(items) => (
          <div className="cards hk-cards">
            {items.map((room) => (
              <RoomCard key={room.id} room={room} />
            ))}
          </div>
        )}
      </QueryList>
    </>
  );
}
