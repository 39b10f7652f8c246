// The two databases a side-by-side bench measures, and which of them can be measured on this machine.
import { type Backend, pgliteBackend, postgresBackend } from "./backends.js";
import { Server } from "./server.js";

/**
 * PGlite on `port` and PostgreSQL on `port + 1`, each with data of its own named after the bench (`name`):
 * PGlite's directory `innkeep-bench-<name>-<port>`, PostgreSQL's database BENCH_DATABASE_URL's name (by
 * default innkeep_bench) with `_<name>`. `only` ("PostgreSQL" or "PGlite", from `--only=`) keeps one.
 */
export function benchBackends(name: string, port: number, only: string | undefined): Backend[] {
  const url = new URL(process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/innkeep_bench");
  url.pathname = `${url.pathname}_${name.replaceAll("-", "_")}`;
  return [pgliteBackend(port, `innkeep-bench-${name}-${port}`), postgresBackend(port + 1, url.href)].filter(
    (b) => !only || b.name === only,
  );
}

/**
 * The backends that can be measured, and a skipped result for each that cannot (its database server is not
 * reachable). Each port is checked free first: a server left running there would keep a database about to be
 * dropped.
 */
export async function reachableBackends(
  backends: readonly Backend[],
  log: (message: string) => void,
  figures = "figures",
): Promise<{ available: Backend[]; skipped: { name: Backend["name"]; skipped: true }[] }> {
  const available: Backend[] = [];
  const skipped: { name: Backend["name"]; skipped: true }[] = [];
  for (const backend of backends) {
    await new Server({ port: backend.port, env: {} }).assertPortFree();
    if (await backend.available()) available.push(backend);
    else {
      log(`*** ${backend.name} is not reachable: its ${figures} are SKIPPED ***`);
      skipped.push({ name: backend.name, skipped: true });
    }
  }
  return { available, skipped };
}
