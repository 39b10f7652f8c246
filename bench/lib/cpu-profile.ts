// A server's `--cpu-prof` profile summed by where the code lives (PGlite, Fastify, zod, …) and by function,
// over the samples from the first to the last inside a marker function (the work being profiled). Used by
// the folio's profile (folio-profile.ts) and the booking engine's offers (offers-profile.ts).
import fs from "node:fs";
import path from "node:path";

type Node = { id: number; callFrame: { functionName: string; url: string }; children?: number[] };
export type Profile = { nodes: Node[]; startTime: number; samples: number[]; timeDeltas: number[] };
/** A place is matched on a function's file, or with `on: "name"` on its name (Node's native calls have no file). */
export type Place = [pattern: RegExp, name: string, on?: "name"];
export type ProfileSummary = {
  /** Self time per place, in ms, largest first. */
  places: [string, number][];
  /** Self time per function (name and file), in ms, the 25 largest. */
  functions: [string, number][];
  /** The ms the summary covers (from the first sample inside the marker to the last). */
  windowMs: number;
};

/** Where a function lives; `own` (the profiled code's own files) is tried first. */
const PLACES: Place[] = [
  [/@electric-sql\/pglite|^wasm:/, "PGlite (its JS and WebAssembly)"],
  [/drizzle-orm/, "Drizzle"],
  [/node_modules\/(zod|fastify-type-provider-zod)/, "zod (validation, serialisation)"],
  [/node_modules\/(fastify|@fastify\/(?!compress)|find-my-way|avvio|light-my-request|fast-json)/, "Fastify"],
  [/@fastify\/compress|zlib/, "compression"],
  [/node_modules\/pg/, "node-postgres"],
];
const LAST: Place[] = [
  [/dist\/server/, "the server's other code (session check, hooks)"],
  [/^node:|^internal|^$/, "Node.js (I/O, timers, JSON, GC)"],
];

/** `own`: the profiled code's places, tried before the others. */
export function summarizeProfile(profile: Profile, marker: string, own: Place[]): ProfileSummary {
  const places: Place[] = [...own, ...PLACES, ...LAST];
  const placeOf = (name: string, url: string) =>
    places.find(([pattern, , on]) => pattern.test(on === "name" ? name : url))?.[1] ?? "other";
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const inMarker = (id: number) => {
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at))
      if (byId.get(at)?.callFrame.functionName === marker) return true;
    return false;
  };
  const first = profile.samples.findIndex(inMarker);
  const last = profile.samples.findLastIndex(inMarker);
  const byPlace = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);
  let windowMs = 0;
  for (let i = first; i >= 0 && i <= last; i++) {
    const node = byId.get(profile.samples[i] as number);
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    windowMs += ms;
    const name = node?.callFrame.functionName ?? "";
    const url = node?.callFrame.url ?? "";
    const place = name === "(idle)" ? "idle" : name === "(garbage collector)" ? "GC" : placeOf(name, url);
    add(byPlace, place, ms);
    add(
      byFunction,
      `${name || "(anonymous)"} ${url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*\/dist\//, "dist/")}`,
      ms,
    );
  }
  const sorted = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]);
  return { places: sorted(byPlace), functions: sorted(byFunction).slice(0, 25), windowMs };
}

/**
 * The profile a server run with `--cpu-prof-dir=dir` wrote for the thread that ran `marker` (each of its
 * threads writes one).
 */
export function readProfile(dir: string, marker: string): { file: string; profile: Profile } {
  for (const name of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".cpuprofile"))
    .sort()) {
    const file = path.join(dir, name);
    const profile = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;
    if (profile.nodes.some((n) => n.callFrame.functionName === marker)) return { file, profile };
  }
  throw new Error(`no profile in ${dir} ran ${marker}`);
}
