/**
 * The daily occupancy chart (docs/product.md#reports-and-occupancy) drawn with uPlot, chosen for size and
 * speed (docs/decisions/012-manager-tools-web.md): occupancy % per day as bars on the left axis, revenue as a
 * line on the right axis, ADR as a line on a scale of its own, and every value of the day under the pointer
 * in the legend. Only the Reports route imports this module, so uPlot and its stylesheet load with that route
 * alone. The same figures are in the table beside it for screen readers.
 */
import { useLingui } from "@lingui/react/macro";
import { useEffect, useMemo, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { addDays } from "../../../domain/dates.js";
import { formatMoney } from "../../../domain/money.js";
import { localeOf } from "../../i18n/format.js";
import { chartColumns, type DailyFigures } from "./dailyFigures.js";

const HEIGHT = 260;
const DAY_SECONDS = 86_400;

/** x values are seconds at UTC midnight; labels come from calendar arithmetic, never the browser's zone. */
const dateOf = (seconds: number) => addDays("1970-01-01", Math.round(seconds / DAY_SECONDS));

/** Day ticks: every day, or every n-th day when there is not room for a label per day. */
function daySplits(u: uPlot): number[] {
  const days = Array.from(u.data[0]);
  const room = Math.max(1, Math.floor(u.bbox.width / devicePixelRatio / 56));
  const step = Math.ceil(days.length / room);
  return days.filter((_day, index) => index % step === 0);
}

/** The chart's words and money format in the language shown. */
type ChartWords = { locale: string; date: string; occupancy: string; adr: string; revenue: string };

function options(width: number, currency: string, words: ChartWords): uPlot.Options {
  const { locale } = words;
  const money = (amount: number) => formatMoney(amount, currency, { locale });
  const percent = (value: number | null) => (value == null ? "—" : `${value.toFixed(2)}%`);
  const amount = (value: number | null) => (value == null ? "—" : money(value));
  return {
    width,
    height: HEIGHT,
    scales: {
      // Half a day either side, so the first and last bars are whole.
      x: { time: false, range: (_u, min, max) => [min - DAY_SECONDS / 2, max + DAY_SECONDS / 2] },
      pct: { range: [0, 100] },
      money: { range: (_u, _min, max) => [0, max || 1] },
      // ADR is a price per night, revenue a day's total: on one axis ADR would lie flat along zero. It gets
      // its own scale (no axis drawn; its values are in the legend), so its shape shows.
      adr: { range: (_u, _min, max) => [0, (max || 1) * 1.1] },
    },
    axes: [
      { splits: daySplits, values: (_u, ticks) => ticks.map((tick) => dateOf(tick).slice(5)) },
      {
        scale: "pct",
        label: words.occupancy,
        values: (_u, ticks) => ticks.map((tick) => `${tick}%`),
        size: 50,
      },
      {
        scale: "money",
        label: words.revenue,
        side: 1,
        grid: { show: false },
        size: 64,
        values: (_u, ticks) => ticks.map((tick) => formatMoney(tick, currency, { compact: true, locale })),
      },
    ],
    series: [
      { label: words.date, value: (_u, seconds) => (seconds == null ? "—" : dateOf(seconds)) },
      {
        label: words.occupancy,
        scale: "pct",
        stroke: "#1d4ed8",
        fill: "rgba(29, 78, 216, 0.25)",
        paths: uPlot.paths.bars?.({ size: [0.7, 48] }),
        points: { show: false },
        value: (_u, value) => percent(value),
      },
      {
        label: words.adr,
        scale: "adr",
        stroke: "#047857",
        width: 2,
        dash: [6, 4],
        value: (_u, v) => amount(v),
      },
      { label: words.revenue, scale: "money", stroke: "#b45309", width: 2, value: (_u, v) => amount(v) },
    ],
    legend: { live: true },
    cursor: { drag: { x: false, y: false } },
  };
}

export function OccupancyChart({
  figures,
  currency,
  label,
}: {
  figures: readonly DailyFigures[];
  currency: string;
  label: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const latest = useRef(figures);
  latest.current = figures;
  const { t, i18n } = useLingui();
  const language = i18n.locale;
  // `t` is a new function whenever the language (or its catalog) changes.
  const words = useMemo<ChartWords>(
    () => ({
      locale: localeOf(language),
      date: t`Date`,
      occupancy: t`Occupancy %`,
      adr: t`ADR`,
      revenue: t`Revenue`,
    }),
    [t, language],
  );

  // One chart per mount (and currency and language); new figures only replace its data.
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const plot = new uPlot(
      options(element.clientWidth, currency, words),
      chartColumns(latest.current),
      element,
    );
    chart.current = plot;
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
      chart.current = null;
    };
  }, [currency, words]);

  useEffect(() => {
    chart.current?.setData(chartColumns(figures));
  }, [figures]);

  return <div ref={host} className="occupancy-chart" role="img" aria-label={label} />;
}
