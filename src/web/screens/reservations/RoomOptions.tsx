import type { Room } from "../../../domain/schemas/rooms.js";

/** The rooms a stay can move to, each with its type, after Unassigned: the options of a stay's Room select. */
export function RoomOptions({ rooms }: { rooms: Room[] | undefined }) {
  return (
    <>
      <option value="">Unassigned</option>
      {(rooms ?? []).map((room) => (
        <option key={room.id} value={room.id}>
          {room.number}
          {room.roomTypeName ? ` · ${room.roomTypeName}` : ""}
        </option>
      ))}
    </>
  );
}
