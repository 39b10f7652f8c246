/**
 * The daily occupancy series as the chart and its table show it: each day's occupancy %, ADR and RevPAR by
 * the report's own rule (occupancyFigures over a one-day window), and the chart's columns.
 */
import { daysBetween } from "../../../domain/dates.js";
import { dateFigures } from "../../../domain/occupancy.js";
import type { OccupancyDay } from "../../../domain/schemas/reports.js";

export type DailyFigures = OccupancyDay & { occupancyPct: number; adr: number };

export function dailyFigures(days: readonly OccupancyDay[]): DailyFigures[] {
  return days.map((day) => {
    const { occupancyPct, adr } = dateFigures(day);
    return { ...day, occupancyPct, adr };
  });
}

const EPOCH = "1970-01-01";
const DAY_SECONDS = 86_400;

/** A date as the chart's x value: seconds at UTC midnight, from calendar arithmetic (no time zone). */
export function chartTime(date: string): number {
  return daysBetween(EPOCH, date) * DAY_SECONDS;
}

/** The chart's columns: x, then occupancy %, ADR and revenue, one entry per day. */
export function chartColumns(figures: readonly DailyFigures[]): [number[], number[], number[], number[]] {
  return [
    figures.map((day) => chartTime(day.date)),
    figures.map((day) => day.occupancyPct),
    figures.map((day) => day.adr),
    figures.map((day) => day.revenue),
  ];
}
