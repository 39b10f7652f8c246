/**
 * Status and floor filters over the room list, kept in the address (`?status=dirty&floor=2`) so a reload or
 * the back button keeps them, with how many rooms they show.
 */
import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useSearchParams } from "react-router";
import { HK_STATUSES, type HkStatus } from "../../../domain/constants.js";
import { capitalize } from "../../../domain/labels.js";
import { SelectField } from "../../components/Field.js";
import { HK_STATUS_WORDS } from "../../i18n/labels.js";
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
  const { t } = useLingui();
  return (
    <div className="hk-filters">
      <SelectField
        label={t`Status`}
        value={filter.status}
        onValue={(value) => onFilter({ ...filter, status: isHkStatus(value) ? value : "all" })}
      >
        <option value="all">{t`All statuses`}</option>
        {HK_STATUSES.map((status) => (
          <option key={status} value={status}>
            {capitalize(t(HK_STATUS_WORDS[status]))}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t`Floor`}
        value={filter.floor === null ? "" : String(filter.floor)}
        onValue={(value) => onFilter({ ...filter, floor: value === "" ? null : Number(value) })}
      >
        <option value="">{t`All floors`}</option>
        {floors.map((floor) => (
          <option key={floor} value={floor}>
            {t`Floor ${floor}`}
          </option>
        ))}
      </SelectField>
      <p className="hk-filter-count muted" aria-live="polite">
        {/* The count as it is, not "1,000": English writes it without grouping. */}
        {shown === total
          ? t({ message: plural(total, { one: `${total} room`, other: `${total} rooms` }) })
          : t`${shown} of ${total} rooms`}
      </p>
    </div>
  );
}
