// The machine description that heads docs/benchmarks.md.
import fs from "node:fs";
import os from "node:os";

export type MachineInfo = {
  cpu: string;
  memoryGb: number;
  os: string;
  node: string;
  pglite: string;
  playwright: string;
  loadStart: number[];
  loadEnd?: number[];
  chromium?: string;
  /** Each backend's version, by backend name ("PGlite", "PostgreSQL"). */
  versions: Record<string, string>;
};

export const packageVersion = (name: string): string =>
  (JSON.parse(fs.readFileSync(`node_modules/${name}/package.json`, "utf8")) as { version: string }).version;

export function machine(): MachineInfo {
  const cpus = os.cpus();
  return {
    cpu: `${cpus.length} × ${cpus[0]?.model ?? "unknown"}`,
    memoryGb: os.totalmem() / 1024 ** 3,
    os: `${os.type()} ${os.release()} (${os.arch()})`,
    node: process.version,
    pglite: packageVersion("@electric-sql/pglite"),
    playwright: packageVersion("playwright-core"),
    loadStart: os.loadavg(),
    versions: {},
  };
}
