// JavaScript sizes from Vite's build manifest (dist/web/.vite/manifest.json), each file gzipped at level 9
// like the browser figures: a route's own chunk, and what a route's first screen loads.
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const WEB_ROOT = "dist/web";
type ManifestChunk = {
  file: string;
  name?: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
};
type Manifest = Record<string, ManifestChunk>;

export type JsSize = { files: number; rawKb: number; gzipKb: number };

function readManifest(): Manifest | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(WEB_ROOT, ".vite/manifest.json"), "utf8")) as Manifest;
  } catch {
    return undefined;
  }
}

function sizeOf(files: Iterable<string>): JsSize {
  let count = 0;
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const body = fs.readFileSync(path.join(WEB_ROOT, file));
    count++;
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { files: count, rawKb: raw / 1024, gzipKb: gzip / 1024 };
}

/** One chunk on its own (keyed by its source module), without the chunks it imports. */
export function routeChunk(key: string): JsSize | undefined {
  const chunk = readManifest()?.[key];
  return chunk ? sizeOf([chunk.file]) : undefined;
}

/**
 * The /hms routes (src/web/App.tsx) and the screen each opens, by the chunk's name in the manifest (a screen
 * merged into a shared chunk has no source key of its own). `gated` screens load RequirePermission beside
 * them. `/hms` itself opens Front Desk.
 */
export const HMS_ROUTES = [
  { path: "/hms/frontdesk", screen: "FrontDeskScreen", gated: true },
  { path: "/hms/reservations", screen: "ReservationsScreen", gated: true },
  { path: "/hms/housekeeping", screen: "HousekeepingScreen", gated: false },
  { path: "/hms/inventory", screen: "InventoryScreen", gated: false },
  { path: "/hms/rates", screen: "RatesScreen", gated: true },
  { path: "/hms/reports", screen: "ReportsScreen", gated: true },
  { path: "/hms/settings", screen: "SettingsScreen", gated: true },
  { path: "/hms/team", screen: "TeamScreen", gated: true },
  { path: "/hms/activity", screen: "ActivityScreen", gated: true },
  { path: "/hms/admin", screen: "AdminScreen", gated: false },
] as const;

const ENTRY = "index.html";
const LAYOUT = "layout/HmsLayout.tsx";
const PERMISSION = "components/RequirePermission.tsx";

export type RouteJs = JsSize & { path: string };

/**
 * What each /hms route's first screen loads: the entry chunk, every chunk on the way from it to the screen
 * (the router's chunk when the entry loads it lazily), the /hms layout, RequirePermission for a gated screen
 * and the screen's chunk, each with every chunk it imports statically, each file once.
 * `unknown` names screens the build has but this table lacks, so a new route cannot go unreported.
 */
export function firstScreenJs(): { routes: RouteJs[]; unknown: string[] } | undefined {
  const manifest = readManifest();
  if (!manifest?.[ENTRY]) return undefined;
  const keyOf = (name: string) => Object.keys(manifest).find((key) => manifest[key]?.name === name);
  /** The chunks from the entry to `target` through static and dynamic imports (shortest way), both ends included. */
  const wayTo = (target: string): string[] => {
    const from = new Map<string, string | null>([[ENTRY, null]]);
    const queue = [ENTRY];
    for (let key = queue.shift(); key !== undefined && key !== target; key = queue.shift()) {
      const chunk = manifest[key];
      for (const next of [...(chunk?.imports ?? []), ...(chunk?.dynamicImports ?? [])]) {
        if (!from.has(next)) {
          from.set(next, key);
          queue.push(next);
        }
      }
    }
    if (!from.has(target))
      throw new Error(`${target} cannot be reached from the entry in the build manifest`);
    const way: string[] = [];
    for (let key: string | null | undefined = target; key; key = from.get(key)) way.push(key);
    return way;
  };
  const closure = (targets: string[]) => {
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    for (const target of targets) for (const key of wayTo(target)) visit(key);
    return files;
  };
  const routes = HMS_ROUTES.map(({ path: route, screen, gated }) => {
    const key = keyOf(screen);
    if (!key) throw new Error(`no ${screen} chunk in the build manifest`);
    return { path: route, ...sizeOf(closure([LAYOUT, ...(gated ? [PERMISSION] : []), key])) };
  });
  const known = new Set<string>(HMS_ROUTES.map((r) => r.screen));
  const unknown = Object.values(manifest)
    .map((chunk) => chunk.name ?? "")
    .filter((name) => name.endsWith("Screen") && !known.has(name));
  return { routes, unknown };
}
