// Goals (issues 13 and 16) that are not timed by this bench's run: each was measured by its own command, named in
// bench/results/outside.json with what it measured, and is reported here beside the bench's own goals.
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
