import { execSync } from "node:child_process";

/** `npm run build`, quietly; on failure its output goes to standard error and the bench stops. */
export function buildApp(log: (message: string) => void): void {
  log("npm run build");
  try {
    execSync("npm run build", { stdio: "pipe" });
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: Buffer; stderr?: Buffer };
    process.stderr.write(`${stdout}${stderr}`);
    throw new Error("npm run build failed (output above)");
  }
}
