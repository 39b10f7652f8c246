// Number and table formatting shared by the report's sections.

export const kb = (value: number): string => `${value.toFixed(1)} KB`;
export const mb = (value: number): string => `${value.toFixed(0)} MB`;
export const num = (value: number, digits = 0): string =>
  value.toLocaleString("en-US", { maximumFractionDigits: digits });
export const ratio = (a: number, b: number): string => `${(a / b).toFixed(a / b >= 10 ? 0 : 1)}×`;

export const table = (head: string[], rows: string[][]): string =>
  [
    `| ${head.join(" | ")} |`,
    `|${head.map(() => "---").join("|")}|`,
    ...rows.map((r) => `| ${r.join(" | ")} |`),
  ].join("\n");

/** Adds a row to the Goals table: the figure `value` against `target` (at most, or at least). */
export type AddGoal = (
  key: string,
  label: string,
  target: number,
  value: number | undefined,
  unit: string,
  atMost: boolean,
) => void;
