/**
 * The API suite on a Citus cluster (docs/scaling.md#testing-on-citus):
 *
 *   npm run test:citus                          # the cluster kit beside this checkout, started and stopped here
 *   CITUS_URL=postgres://… npm run test:citus   # any Citus coordinator (as an administrator), left running
 *
 * Every suite declared for the backends (`describeBackends`, `describeTenants`, `backends()`) runs, each on a distributed
 * database of its own, plus the two-instance suite (a write on one server reaches the other's live streams and
 * webhook receivers). Test files that declare no suite for the backends (PGlite's own, pure units) have
 * nothing to run on Citus and are left to `npm run test:unit`. With no CITUS_URL and no kit
 * (`../shared/citus/cluster.sh`, or CITUS_KIT), it says loudly that it skipped, and why.
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const kit = process.env.CITUS_KIT ?? path.resolve(root, "../shared/citus");
const clusterScript = path.join(kit, "cluster.sh");
// cluster.sh runs the servers as the postgres user: the directory must be one that user can reach.
const clusterDir = path.join(os.tmpdir(), "innkeep-citus-cluster");

function skip(reason: string): never {
  const line = "*".repeat(100);
  process.stdout.write(
    `\n${line}\n*** The Citus suite was SKIPPED: ${reason}.\n` +
      "*** To run it, point CITUS_URL at a Citus coordinator (Citus packages, a container image or a managed\n" +
      "*** service; see docs/scaling.md), e.g. CITUS_URL=postgres://postgres@127.0.0.1:9700/postgres npm run test:citus\n" +
      `${line}\n\n`,
  );
  process.exit(0);
}

function startKitCluster(): string {
  if (!fs.existsSync(clusterScript)) skip(`CITUS_URL is not set and there is no cluster kit at ${kit}`);
  if (process.getuid?.() !== 0)
    skip(`the cluster kit at ${kit} starts its servers as root, and this is not root`);
  const output = execFileSync("bash", [clusterScript, "start", clusterDir], { encoding: "utf8" });
  const url = output.trim().split("\n").at(-1);
  if (!url?.startsWith("postgres://")) throw new Error(`cluster.sh start printed no URL: ${output}`);
  return url;
}

/** How a test file declares suites for the backends (src/server/test/harness.ts, hardening/support.ts). */
const BACKEND_SUITE = /\bdescribe(Backends|Tenants)\(|\bbackends\(\)/;

/** The API test files that declare suites for the backends (the others run no differently on Citus). */
function backendSuites(): string[] {
  const files = fs.readdirSync(path.join(root, "src/server"), { recursive: true, encoding: "utf8" });
  return files
    .filter((file) => file.endsWith(".test.ts"))
    .map((file) => path.join("src/server", file))
    .filter((file) => BACKEND_SUITE.test(fs.readFileSync(path.join(root, file), "utf8")))
    .sort();
}

function vitest(args: string[], env: NodeJS.ProcessEnv): number {
  const result = spawnSync("npx", ["vitest", "run", ...args], { cwd: root, env, stdio: "inherit" });
  return result.status ?? 1;
}

const given = process.env.CITUS_URL;
const url = given ?? startKitCluster();
process.stdout.write(`Citus suite on ${url}${given ? "" : " (the kit's cluster)"}\n`);
const env = { ...process.env, CITUS_URL: url, TEST_BACKENDS: "citus" };
let status = 1;
try {
  const files = process.argv.length > 2 ? process.argv.slice(2) : backendSuites();
  status = vitest(["--project", "api", ...files], env);
  if (status === 0 && process.argv.length <= 2) {
    status = vitest(["--project", "process", "src/server/hardening/instances.test.ts"], env);
  }
} finally {
  if (!given) execFileSync("bash", [clusterScript, "stop", clusterDir], { stdio: "inherit" });
}
process.exit(status);
