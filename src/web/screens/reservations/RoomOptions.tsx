import { useLingui } from "@lingui/react/macro";
import type { RoomVacancy } from "../../../domain/schemas/quotes.js";
import type { Room } from "../../../domain/schemas/rooms.js";

/**
 * The options of a stay's Room select, after Unassigned. With `vacancy` (the rooms free for the chosen
 * dates), the free rooms come first, those of `roomTypeId` before the others, and the taken ones last in a
 * group of their own, each marked "— taken" so no one picks it without seeing it: still selectable (a clerk
 * may mean to move the other stay next), and the live quote says at once that the room is not available.
 * `withType` adds each room's type.
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
  const { t } = useLingui();
  const label = (room: Room) =>
    withType && room.roomTypeName ? `${room.number} · ${room.roomTypeName}` : room.number;
  const option = (room: Room, taken = false) => {
    const name = label(room);
    return (
      <option key={room.id} value={room.id}>
        {taken ? t`${name} — taken` : name}
      </option>
    );
  };
  const all = rooms ?? [];
  if (!vacancy) {
    return (
      <>
        <option value="">{t`Unassigned`}</option>
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
      <option value="">{t`Unassigned`}</option>
      {ofType.length > 0 ? (
        <optgroup label={roomTypeId ? t`Free: this room type` : t`Free on these dates`}>
          {ofType.map((room) => option(room))}
        </optgroup>
      ) : null}
      {otherTypes.length > 0 ? (
        <optgroup label={t`Free: other room types`}>{otherTypes.map((room) => option(room))}</optgroup>
      ) : null}
      {takenRooms.length > 0 ? (
        <optgroup label={t`Taken on these dates`}>{takenRooms.map((room) => option(room, true))}</optgroup>
      ) : null}
    </>
  );
}
