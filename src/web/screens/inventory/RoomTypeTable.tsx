import type { RoomType } from "../../../domain/schemas.js";
import { useMoney } from "../../components/useMoney.js";

export function RoomTypeTable({ roomTypes }: { roomTypes: RoomType[] }) {
  const money = useMoney();
  return (
    <div className="table-wrap">
      <table className="data">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col" className="num">
              Capacity
            </th>
            <th scope="col" className="num">
              Base rate
            </th>
          </tr>
        </thead>
        <tbody>
          {roomTypes.map((type) => (
            <tr key={type.id}>
              <td>{type.name || <span className="muted">(unnamed)</span>}</td>
              <td className="num">{type.capacity}</td>
              <td className="num">{money(type.baseRate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
