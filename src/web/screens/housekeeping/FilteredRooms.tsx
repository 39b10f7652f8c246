/**
 * The rooms as Housekeeping and My tasks list them: the status and floor filters (kept in the address), then
 * the matching rooms in the order of work (order.ts), or a way back to all rooms when none match.
 */
import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import type { Room } from "../../../domain/schemas/rooms.js";
import { type DayMarks, filterRooms, floorsOf, NO_FILTER, orderRooms } from "./order.js";
import { RoomFilters, useRoomFilter } from "./RoomFilters.js";

export function FilteredRooms({
  rooms,
  marks,
  children,
}: {
  rooms: readonly Room[];
  marks: (roomId: string) => DayMarks;
  children: (shown: Room[]) => ReactNode;
}) {
  const [filter, setFilter] = useRoomFilter();
  const shown = orderRooms(filterRooms(rooms, filter), marks);
  return (
    <>
      <RoomFilters
        filter={filter}
        onFilter={setFilter}
        floors={floorsOf(rooms)}
        shown={shown.length}
        total={rooms.length}
      />
      {shown.length === 0 ? (
        <div className="panel">
          <p className="empty">
            <Trans>No rooms match these filters.</Trans>
          </p>
          <button type="button" className="button" onClick={() => setFilter(NO_FILTER)}>
            <Trans>Show all rooms</Trans>
          </button>
        </div>
      ) : (
        children(shown)
      )}
    </>
  );
}
