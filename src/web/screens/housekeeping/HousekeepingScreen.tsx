/**
 * Housekeeping (docs/product.md#housekeeping-and-room-status): a card per room with the four status buttons,
 * in the order of work (order.ts) and filtered by status and floor like My tasks.
 */
import { useLingui } from "@lingui/react/macro";
import { useHousekeepingDay } from "../../api/housekeeping.js";
import { useRooms } from "../../api/resources.js";
import { PageHeader } from "../../components/PageHeader.js";
import { QueryList } from "../../components/QueryList.js";
import { SetupChecklist } from "../../components/SetupChecklist.js";
import { FilteredRooms } from "./FilteredRooms.js";
import { marksOf } from "./order.js";
import { RoomCard } from "./RoomCard.js";

export default function HousekeepingScreen() {
  const rooms = useRooms();
  const day = useHousekeepingDay();
  const marks = marksOf(day.data);
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Housekeeping`} />
      <QueryList query={rooms} empty={t`No rooms yet.`} frame="panel" emptyDetail={<SetupChecklist />}>
        {(items) => (
          <FilteredRooms rooms={items} marks={marks}>
            {(shown) => (
              <div className="cards hk-cards">
                {shown.map((room) => (
                  <RoomCard key={room.id} room={room} marks={marks(room.id)} />
                ))}
              </div>
            )}
          </FilteredRooms>
        )}
      </QueryList>
    </>
  );
}
