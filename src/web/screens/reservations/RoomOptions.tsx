import type { RoomVacancy } from "../../../domain/schemas/quotes.js";
import type { Room } from "../../../domain/schemas/rooms.js";

/** What a taken room's option says after its label, so no one picks it without seeing it. */
export const TAKEN_SUFFIX = " — taken";

/**
 * The options of a stay's Room select, after Unassigned. With `vacancy` (the rooms free for the chosen
 * dates), the free rooms come first, those of `roomTypeId` before the others, and the taken ones last in a
 * group of their own, each marked "— taken": still selectable (a clerk may mean to move the other stay
 * next), and the live quote says at once that the room is not available. `withType` adds each room's type.
 */
export function RoomOptions({
  rooms,
  vacancy,
  roomTypeId,
  withType = true,
}: {
  rooms: Room[] | undefined;
  vacancy?: RoomVacancy | undefined;
  roomTypeId?: string | null;
  withType?: boolean;
}) {
  const label = (room: Room) =>
    withType && room.roomTypeName ? `${room.number} · ${room.roomTypeName}` : room.number;
  const option = (room: Room, suffix = "") => (
    <option key={room.id} value={room.id}>
      {label(room)}
      {suffix}
    </option>
  );
  const all = rooms ?? [];
  if (!vacancy) {
    return (
      <>
        <option value="">Unassigned</option>
        {all.map((room) => option(room))}
      </>
    );
  }
  const taken = new Set(vacancy.takenRoomIds);
  const free = all.filter((room) => !taken.has(room.id));
  const ofType = roomTypeId ? free.filter((room) => room.roomTypeId === roomTypeId) : free;
  const otherTypes = roomTypeId ? free.filter((room) => room.roomTypeId !== roomTypeId) : [];
  const takenRooms = all.filter((room) => taken.has(room.id));
  return (
    <>
      <option value="">Unassigned</option>
      {ofType.length > 0 ? (
        <optgroup label={roomTypeId ? "Free: this room type" : "Free on these dates"}>
          {ofType.map((room) => option(room))}
        </optgroup>
      ) : null}
      {otherTypes.length > 0 ? (
        <optgroup label="Free: other room types">{otherTypes.map((room) => option(room))}</optgroup>
      ) : null}
      {takenRooms.length > 0 ? (
        <optgroup label="Taken on these dates">
          {takenRooms.map((room) => option(room, TAKEN_SUFFIX))}
        </optgroup>
      ) : null}
    </>
  );
}
