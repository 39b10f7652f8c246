/**
 * Status and floor filters over the room list, kept in the address (`?status=dirty&floor=2`) so a reload or
 * the back button keeps them, with how many rooms they show.
 */
import { useSearchParams } from "react-router";
import { HK_STATUSES, type HkStatus } from "../../../domain/constants.js";
import { capitalize, HK_STATUS_LABELS } from "../../../domain/labels.js";
import { SelectField } from "../../components/Field.js";
import { NO_FILTER, type RoomFilter } from "./order.js";

const isHkStatus = (value: string | null): value is HkStatus =>
  value !== null && (HK_STATUSES as readonly string[]).includes(value);

export function useRoomFilter(): [RoomFilter, (next: RoomFilter) => void] {
  const [params, setParams] = useSearchParams();
  const status = params.get("status");
  const floor = Number.parseInt(params.get("floor") ?? "", 10);
  const filter: RoomFilter = {
    status: isHkStatus(status) ? status : NO_FILTER.status,
    floor: Number.isInteger(floor) ? floor : NO_FILTER.floor,
  };
  const setFilter = (next: RoomFilter) => {
    const query = new URLSearchParams();
    if (next.status !== "all") query.set("status", next.status);
    if (next.floor !== null) query.set("floor", String(next.floor));
    setParams(query, { replace: true });
  };
  return [filter, setFilter];
}

export function RoomFilters({
  filter,
  onFilter,
  floors,
  shown,
  total,
}: {
  filter: RoomFilter;
  onFilter: (next: RoomFilter) => void;
  floors: readonly number[];
  shown: number;
  total: number;
}) {
  return (
    <div className="hk-filters">
      <SelectField
        label="Status"
        value={filter.status}
        onValue={(value) => onFilter({ ...filter, status: isHkStatus(value) ? value : "all" })}
      >
        <option value="all">All statuses</option>
        {HK_STATUSES.map((status) => (
          <option key={status} value={status}>
            {capitalize(HK_STATUS_LABELS[status])}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Floor"
        value={filter.floor === null ? "" : String(filter.floor)}
        onValue={(value) => onFilter({ ...filter, floor: value === "" ? null : Number(value) })}
      >
        <option value="">All floors</option>
        {floors.map((floor) => (
          <option key={floor} value={floor}>
            Floor {floor}
          </option>
        ))}
      </SelectField>
      <p className="hk-filter-count muted" aria-live="polite">
        {shown === total ? `${total} ${total === 1 ? "room" : "rooms"}` : `${shown} of ${total} rooms`}
      </p>
    </div>
  );
}
