/**
 * Housekeeping (docs/product.md#housekeeping-and-room-status): a card per room with the four status buttons,
 * in the order of work (order.ts) and filtered by status and floor like My tasks.
 */
import { useHousekeepingDay } from "../../api/housekeeping.js";
import { useRooms } from "../../api/resources.js";
import { PageHeader } from "../../components/PageHeader.js";
import { QueryList } from "../../components/QueryList.js";
import { SetupChecklist } from "../../components/SetupChecklist.js";
import { filterRooms, floorsOf, marksOf, NO_FILTER, orderRooms } from "./order.js";
import { RoomCard } from "./RoomCard.js";
import { RoomFilters, useRoomFilter } from "./RoomFilters.js";

export default function HousekeepingScreen() {
  const rooms = useRooms();
  const day = useHousekeepingDay();
  const [filter, setFilter] = useRoomFilter();
  const marks = marksOf(day.data);
  return (
    <>
      <PageHeader title="Housekeeping" />
      <QueryList query={rooms} empty="No rooms yet." frame="panel" emptyDetail={<SetupChecklist />}>
        {(items) => {
          const shown = orderRooms(filterRooms(items, filter), marks);
          return (
            <>
              <RoomFilters
                filter={filter}
                onFilter={setFilter}
                floors={floorsOf(items)}
                shown={shown.length}
                total={items.length}
              />
              {shown.length === 0 ? (
                <div className="panel">
                  <p className="empty">No rooms match these filters.</p>
                  <button type="button" className="button" onClick={() => setFilter(NO_FILTER)}>
                    Show all rooms
                  </button>
                </div>
              ) : (
                <div className="cards hk-cards">
                  {shown.map((room) => (
                    <RoomCard key={room.id} room={room} marks={marks(room.id)} />
                  ))}
                </div>
              )}
            </>
          );
        }}
      </QueryList>
    </>
  );
}
