// The machine description that heads docs/benchmarks.md.
import fs from "node:fs";
import os from "node:os";

export function machine() {
  const cpus = os.cpus();
  const pkg = (name) => JSON.parse(fs.readFileSync(`node_modules/${name}/package.json`, "utf8")).version;
  return {
    cpu: `${cpus.length} × ${cpus[0]?.model ?? "unknown"}`,
    memoryGb: os.totalmem() / 1024 ** 3,
    os: `${os.type()} ${os.release()} (${os.arch()})`,
    node: process.version,
    pglite: pkg("@electric-sql/pglite"),
    playwright: pkg("playwright-core"),
    loadStart: os.loadavg(),
  };
}
