import { toMinor } from "./money.js";

type OccupancyInput = {
  /** Room-nights sold in the window (reservations booked, checked in or checked out). */
  soldRoomNights: number;
  revenue: number;
  rooms: number;
  days: number;
};

type OccupancyFigures = { occupancyPct: number; adr: number; revpar: number };

/**
 * (numerator / denominator) / 100 rounded to two decimals. Callers pass integer numerators already scaled to
 * hundredths (minor units, or sold × 10 000 for a percentage), so rounding happens once on an exact ratio.
 */
function roundedRatio(scaledNumerator: number, denominator: number): number {
  if (denominator <= 0) return 0;
  return Math.round(scaledNumerator / denominator) / 100 + 0;
}

/**
 * The report's figures (docs/product.md#reports-and-occupancy). Every denominator can be zero (no rooms yet,
 * nothing sold), and a report must then show 0 rather than NaN or Infinity.
 */
export function occupancyFigures(input: OccupancyInput): OccupancyFigures {
  const available = Math.max(0, input.rooms) * Math.max(0, input.days);
  const revenueMinor = toMinor(input.revenue);
  return {
    occupancyPct: roundedRatio(input.soldRoomNights * 10_000, available),
    adr: roundedRatio(revenueMinor, input.soldRoomNights),
    revpar: roundedRatio(revenueMinor, available),
  };
}

/** One date of the daily series (docs/product.md#reports-and-occupancy), as far as its ratios need it. */
type OccupancyDate = { roomsAvailable: number; roomNightsSold: number; revenue: number };

/** A date's figures: the report's rule over a one-day window, so the series and the totals agree. */
export function dateFigures(day: OccupancyDate): OccupancyFigures {
  return occupancyFigures({
    soldRoomNights: day.roomNightsSold,
    revenue: day.revenue,
    rooms: day.roomsAvailable,
    days: 1,
  });
}
