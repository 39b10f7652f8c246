/**
 * Housekeeping and occupancy statuses as people read them (src/web/i18n/labels.ts: "in progress", never the
 * stored `in_progress`), the product's four housekeeping buttons, and what today holds for a room.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { HkStatus, RoomStatus } from "../../../domain/constants.js";
import { HK_STATUS_WORDS, ROOM_STATUS_WORDS } from "../../i18n/labels.js";
import type { DayMarks } from "./order.js";

/** The housekeeping buttons (docs/product.md#housekeeping-and-room-status), in workflow order. */
export const HK_ACTIONS: readonly { status: HkStatus; label: MessageDescriptor }[] = [
  { status: "dirty", label: msg`Mark Dirty` },
  { status: "in_progress", label: msg`In Progress` },
  { status: "clean", label: msg`Mark Clean` },
  { status: "inspected", label: msg`Inspected` },
];

/** The button that sets a status (order.ts, nextHkAction, names the same English). */
export const HK_ACTION_WORDS = Object.fromEntries(
  HK_ACTIONS.map((action) => [action.status, action.label]),
) as Readonly<Record<HkStatus, MessageDescriptor>>;

export function HkBadge({ status }: { status: HkStatus }) {
  const { t } = useLingui();
  const state = t(HK_STATUS_WORDS[status]);
  return (
    <data className={`badge ${status}`} value={status} title={t`Housekeeping: ${state}`}>
      {state}
    </data>
  );
}

export function RoomStatusBadge({ status }: { status: RoomStatus }) {
  const { t } = useLingui();
  const state = t(ROOM_STATUS_WORDS[status]);
  return (
    <data className={`badge ${status}`} value={status} title={t`Occupancy: ${state}`}>
      {state}
    </data>
  );
}

/** "Guest leaves today", "Guest left today", "Arrival today": why a room comes first. */
export function DayTags({ marks }: { marks: DayMarks }) {
  const { t } = useLingui();
  if (!marks.departure && !marks.arrival) return null;
  return (
    <ul className="hk-day-tags" aria-label={t`Today`}>
      {marks.departure === "due" ? (
        <li className="hk-tag departure">
          <Trans>Guest leaves today</Trans>
        </li>
      ) : null}
      {marks.departure === "left" ? (
        <li className="hk-tag departure">
          <Trans>Guest left today</Trans>
        </li>
      ) : null}
      {marks.arrival ? (
        <li className="hk-tag arrival">
          <Trans>Arrival today</Trans>
        </li>
      ) : null}
    </ul>
  );
}
