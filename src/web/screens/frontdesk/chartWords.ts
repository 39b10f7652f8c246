/**
 * The tape chart's words in the language shown, worked out once per language (docs/decisions/047-languages.md):
 * a 1,000-room chart names every night of every row, so a cell reads these ready-made words instead of asking
 * the catalog again. A night's accessible name keeps its shape in every language ("Room 101, 03-12: free");
 * its words come from here. Sentences with values (a stay bar's, a block's) are one message each.
 */
import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useMemo } from "react";
import {
  HK_STATUSES,
  type HkStatus,
  RESERVATION_STATUSES,
  type ReservationStatus,
} from "../../../domain/constants.js";
import type { AvailabilityStay } from "../../../domain/schemas/availability.js";
import { HK_STATUS_WORDS, RESERVATION_STATUS_WORDS } from "../../i18n/labels.js";
import { type LaneRow, stayLabel, UNNAMED_TYPE } from "./chartRows.js";

export type ChartWords = {
  /** A free night's state: "free". */
  free: string;
  /** A blocked night's state: "out of order". */
  outOfOrder: string;
  /** A block's bar when it has no reason: "Out of order". */
  outOfOrderBar: string;
  /** The heading of a type's lane of stays without a room. */
  unassigned: string;
  /** A stay's status in words: "checked in". */
  status: Readonly<Record<ReservationStatus, string>>;
  /** The title of a room's housekeeping dot: "Housekeeping: clean". */
  housekeeping: Readonly<Record<HkStatus, string>>;
  /** A room type's name on the chart (the chart's own names for a missing or unnamed type). */
  typeName: (roomTypeId: string | null, name: string) => string;
  /** "1 room", "12 rooms". */
  rooms: (count: number) => string;
  /** A type's count cell: "Double, 03-12: 3 of 10 free". */
  freeCount: (typeName: string, day: string, free: number, rooms: number) => string;
  /** A row a stay can be in: "Room 101", "Unassigned Double". */
  lane: (row: LaneRow) => string;
  /** A block's bar for a screen reader, after its reason. */
  block: (lane: string, startDate: string, endDate: string) => string;
  /** A stay's bar: "Room 101, 2026-03-12 to 2026-03-14: Ada Lovelace (booked), RES-1". */
  stay: (lane: string, stay: AvailabilityStay) => string;
};

export function useChartWords(): ChartWords {
  const { t } = useLingui();
  return useMemo(() => {
    const status = Object.fromEntries(
      RESERVATION_STATUSES.map((code) => [code, t(RESERVATION_STATUS_WORDS[code])]),
    ) as Record<ReservationStatus, string>;
    const housekeeping = Object.fromEntries(
      HK_STATUSES.map((code) => {
        const state = t(HK_STATUS_WORDS[code]);
        return [code, t`Housekeeping: ${state}`];
      }),
    ) as Record<HkStatus, string>;
    const noType = t`No room type`;
    const unnamedType = t`Room type`;
    const typeName = (roomTypeId: string | null, name: string) =>
      roomTypeId === null ? noType : name === UNNAMED_TYPE ? unnamedType : name;
    return {
      free: t`free`,
      outOfOrder: t`out of order`,
      outOfOrderBar: t`Out of order`,
      unassigned: t`Unassigned`,
      status,
      housekeeping,
      typeName,
      // `${count}`, not `#`: the number as the chart always wrote it ("1000", not "1,000").
      rooms: (count) => t({ message: plural(count, { one: `${count} room`, other: `${count} rooms` }) }),
      freeCount: (name, day, free, rooms) => t`${name}, ${day}: ${free} of ${rooms} free`,
      lane: (row) => {
        if (row.kind === "room") {
          const number = row.room.number;
          return t`Room ${number}`;
        }
        const roomType = typeName(row.roomTypeId, row.typeName);
        return t`Unassigned ${roomType}`;
      },
      block: (lane, startDate, endDate) =>
        t`${lane} out of order from ${startDate} until ${endDate}. Remove block`,
      stay: (lane, stay) => {
        const { checkInDate, checkOutDate, code } = stay;
        const name = stayLabel(stay);
        const state = status[stay.status];
        return t`${lane}, ${checkInDate} to ${checkOutDate}: ${name} (${state}), ${code}`;
      },
    };
  }, [t]);
}
