import { execSync } from "node:child_process";

/**
 * `npm run build`, quietly; returns what it printed (the entry budgets' lines among it). On failure its output
 * goes to standard error and the bench stops.
 */
export function buildApp(log: (message: string) => void): string {
  log("npm run build");
  try {
    return execSync("npm run build", { stdio: "pipe", encoding: "utf8" });
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: Buffer; stderr?: Buffer };
    process.stderr.write(`${stdout}${stderr}`);
    throw new Error("npm run build failed (output above)");
  }
}
