// `npm run bench -- --folio --profile`: where the folio read's time goes. The server runs with `--cpu-prof`
// while one client reads the long stay's folio again and again; its profile is summed over the reads'
// window by where the code lives (PGlite, Fastify, zod, the folio's domain code, …).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Backend } from "./backends.js";
import { folioReads } from "./folio-measure.js";
import { FOLIO_OWNER, type FolioConfig, folioData, seedFolioProperty, setUpFolio } from "./folio-setup.js";
import { Server } from "./server.js";
import { signIn } from "./suite.js";

type Node = { id: number; callFrame: { functionName: string; url: string }; children?: number[] };
type Profile = { nodes: Node[]; startTime: number; samples: number[]; timeDeltas: number[] };

/** Where a function lives, as the summary groups it. */
const PLACES: [RegExp, string][] = [
  [/@electric-sql\/pglite|^wasm:/, "PGlite (its JS and WebAssembly)"],
  [/drizzle-orm/, "Drizzle"],
  [/node_modules\/(zod|fastify-type-provider-zod)/, "zod (validation, serialisation)"],
  [/node_modules\/(fastify|@fastify\/(?!compress)|find-my-way|avvio|light-my-request|fast-json)/, "Fastify"],
  [/@fastify\/compress|zlib/, "compression"],
  [/node_modules\/pg/, "node-postgres"],
  [/dist\/server\/modules\/folio|dist\/domain/, "the folio's own code (domain and module)"],
  [/dist\/server/, "the server's other code (session check, hooks)"],
  [/^node:|^internal|^$/, "Node.js (I/O, timers, JSON, GC)"],
];
const placeOf = (url: string) => PLACES.find(([pattern]) => pattern.test(url))?.[1] ?? "other";

/**
 * Self time per place and per function, in ms, over the samples from the first to the last that is inside
 * `loadFolio` (the reads; nothing else the bench does then loads a folio).
 */
function summarize(profile: Profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const inFolio = (id: number) => {
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at))
      if (byId.get(at)?.callFrame.functionName === "loadFolio") return true;
    return false;
  };
  const first = profile.samples.findIndex(inFolio);
  const last = profile.samples.findLastIndex(inFolio);
  const places = new Map<string, number>();
  const functions = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);
  for (let i = first; i <= last; i++) {
    const node = byId.get(profile.samples[i] as number);
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const name = node?.callFrame.functionName ?? "";
    const url = node?.callFrame.url ?? "";
    const place = name === "(idle)" ? "idle" : name === "(garbage collector)" ? "GC" : placeOf(url);
    add(places, place, ms);
    add(
      functions,
      `${name || "(anonymous)"} ${url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*\/dist\//, "dist/")}`,
      ms,
    );
  }
  const sorted = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]);
  return { places: sorted(places), functions: sorted(functions).slice(0, 25) };
}

export async function profileFolio(backend: Backend, c: FolioConfig, log: (message: string) => void) {
  const dir = path.join(os.tmpdir(), "innkeep-bench-folio-prof");
  fs.rmSync(dir, { recursive: true, force: true });
  const data = folioData(c);
  const ids = await seedFolioProperty(backend, data);
  const server = new Server({
    port: backend.port,
    env: { ...backend.env, AUTH_RATE_LIMIT_PER_MINUTE: "1000" },
    nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${dir}`],
  });
  await server.start();
  try {
    const client = await signIn(server, FOLIO_OWNER, ids.pid);
    const setup = await setUpFolio(
      client,
      ids,
      data,
      { ...c, invoiceStays: 0, rounds: 0, observedRounds: 0, anatomyRounds: 0 },
      log,
    );
    await folioReads(client, ids.pid, setup.longStay, c.folioWarmup, 50);
    const reads = await folioReads(client, ids.pid, setup.longStay, 0, 1000);
    log(
      `${backend.name}: 1,000 folio reads under the profiler, p50 ${reads.p50.toFixed(1)} ms, p99 ${reads.p99.toFixed(1)} ms`,
    );
  } finally {
    await server.stop();
  }
  const file = fs.readdirSync(dir).find((f) => f.endsWith(".cpuprofile"));
  if (!file) throw new Error(`no profile in ${dir}`);
  const profile = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as Profile;
  return { file: path.join(dir, file), ...summarize(profile) };
}
