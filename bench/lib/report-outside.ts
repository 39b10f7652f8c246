// Figures that are not timed by this bench's run, reported beside its own: goals (issues 13 and 16) each
// measured by its own command (bench/results/outside.json names it), and the decision records' measurements.
import fs from "node:fs";
import { table } from "./format.js";

type OutsideGoal = {
  goal: string;
  target: string;
  measured: string;
  met: boolean;
  /** How it was measured: the command and when. */
  how: string;
};

const FILE = "bench/results/outside.json";

export function outsideGoals(): string {
  if (!fs.existsSync(FILE)) return "";
  const goals = JSON.parse(fs.readFileSync(FILE, "utf8")) as OutsideGoal[];
  return `### Goals measured outside this run

Kept in \`${FILE}\`: each row was measured by the command it names, not by \`npm run bench\`.

${table(
  ["Goal", "Target", "Measured", "Result", "How"],
  goals.map((g) => [g.goal, g.target, g.measured, g.met ? "met" : "**missed**", g.how]),
)}`;
}

const DECISIONS_FILE = "bench/decision-measurements.md";

/**
 * The figures the decision records were taken on (docs/decisions/), kept in one file and copied into the
 * report as they are: they were measured once, by experiments that are no longer in the repository.
 */
export function decisionMeasurements(): string {
  return fs.existsSync(DECISIONS_FILE) ? fs.readFileSync(DECISIONS_FILE, "utf8") : "";
}
