import type { RateOverride } from "../../../domain/schemas.js";
import { useMoney } from "../../components/useMoney.js";

/** Rows arrive sorted from the server. */
export function RateOverrideTable({ overrides }: { overrides: RateOverride[] }) {
  const money = useMoney();
  return (
    <div className="table-wrap">
      <table className="data" aria-label="Rate overrides">
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Room type</th>
            <th scope="col" className="num">
              Price
            </th>
            <th scope="col" className="num">
              Min LOS
            </th>
            <th scope="col">Stop sell</th>
          </tr>
        </thead>
        <tbody>
          {overrides.map((override) => (
            <tr key={override.id}>
              <td>{override.date}</td>
              <td>{override.roomTypeId === null ? "All" : (override.roomTypeName ?? "(unnamed)")}</td>
              <td className="num">
                {override.price === null ? <span className="muted">Base rate</span> : money(override.price)}
              </td>
              <td className="num">{override.minLOS}</td>
              <td>{override.stopSell ? <span className="badge stop-sell">Yes</span> : <span>No</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
