import type { Room } from "../../../domain/schemas.js";
import { HkBadge, RoomStatusBadge } from "../housekeeping/status.js";

export function RoomTable({ rooms }: { rooms: Room[] }) {
  return (
    <div className="table-wrap">
      <table className="data">
        <thead>
          <tr>
            <th scope="col">Number</th>
            <th scope="col">Type</th>
            <th scope="col">Status</th>
            <th scope="col">HK</th>
          </tr>
        </thead>
        <tbody>
          {rooms.map((room) => (
            <tr key={room.id}>
              {/* The spec's columns only; the floor is kept as the cell's tooltip. */}
              <td title={`Floor ${room.floor}`}>
                <strong>{room.number}</strong>
              </td>
              <td>{room.roomTypeName ?? <span className="muted">No type</span>}</td>
              <td>
                <RoomStatusBadge status={room.status} />
              </td>
              <td>
                <HkBadge status={room.hkStatus} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
