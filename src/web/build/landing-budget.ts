/**
 * The landing page's JavaScript budget (decision 016), checked on every production build by a plugin in
 * vite.config.ts, so `npm run build` (and with it `npm test`) fails when the landing page grows past it.
 * The landing page loads the entry chunk and the chunks it imports statically; they may hold React and the
 * landing page's own modules, nothing else (not the router, not TanStack Query, no /hms code), and weigh at
 * most 80 KB gzipped at level 9 (as the bench measures).
 */
import path from "node:path";
import { gzipSync } from "node:zlib";

export const LANDING_BUDGET_KB = 80;

/** Packages the landing page runs on. */
const PACKAGES = new Set(["react", "react-dom", "scheduler"]);

/** The landing page's own modules, relative to the repository (a trailing "/" allows a folder). */
const SOURCES = [
  "src/web/index.html",
  "src/web/main.tsx",
  "src/web/screens/landing/",
  "src/web/components/LoginButton.tsx",
  "src/web/components/LoadingPage.tsx",
  "src/web/api/auth.ts",
  "src/web/styles/",
];

/** What the check needs of an output chunk (a subset of Rollup's and Rolldown's `OutputChunk`). */
export type Chunk = {
  fileName: string;
  isEntry: boolean;
  imports: string[];
  moduleIds: string[];
  code: string;
};

type LandingReport = {
  files: string[];
  gzipKb: number;
  /** Each reason the build must fail; empty when the landing page is within its budget. */
  problems: string[];
};

/** The npm package a module id belongs to, or null for the project's own modules. */
function packageOf(id: string): string | null {
  const at = id.lastIndexOf("/node_modules/");
  if (at < 0) return null;
  const [scope = "", name = ""] = id.slice(at + "/node_modules/".length).split("/");
  return scope.startsWith("@") ? `${scope}/${name}` : scope;
}

/** Checks the chunks an entry page loads first: `root` is the repository, to name source modules. */
export function checkLanding(chunks: readonly Chunk[], root: string): LandingReport {
  const entries = chunks.filter((chunk) => chunk.isEntry);
  if (entries.length !== 1) {
    return { files: [], gzipKb: 0, problems: [`expected one entry chunk, found ${entries.length}`] };
  }
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const loaded = new Map<string, Chunk>();
  const visit = (chunk: Chunk) => {
    if (loaded.has(chunk.fileName)) return;
    loaded.set(chunk.fileName, chunk);
    for (const name of chunk.imports) {
      const imported = byName.get(name);
      if (imported) visit(imported);
    }
  };
  visit(entries[0] as Chunk);

  const problems: string[] = [];
  const foreign = new Set<string>();
  let gzipBytes = 0;
  for (const chunk of loaded.values()) {
    gzipBytes += gzipSync(chunk.code, { level: 9 }).length;
    for (const id of chunk.moduleIds) {
      // Bundler helpers ("\0vite/preload-helper.js", the runtime) are not modules of ours or a package.
      if (id.startsWith("\0")) continue;
      const pkg = packageOf(id);
      if (pkg !== null) {
        if (!PACKAGES.has(pkg)) foreign.add(`package ${pkg}`);
        continue;
      }
      const source = path
        .relative(root, id.split("?")[0] ?? id)
        .split(path.sep)
        .join("/");
      const allowed = SOURCES.some((s) => (s.endsWith("/") ? source.startsWith(s) : source === s));
      if (!allowed) foreign.add(source);
    }
  }
  for (const name of [...foreign].sort()) {
    problems.push(
      `${name} is in the landing page's JavaScript (what may be is listed in src/web/build/landing-budget.ts)`,
    );
  }
  const gzipKb = gzipBytes / 1024;
  if (gzipKb > LANDING_BUDGET_KB) {
    problems.push(
      `the landing page's JavaScript is ${gzipKb.toFixed(1)} KB gzip, over ${LANDING_BUDGET_KB} KB`,
    );
  }
  return { files: [...loaded.keys()], gzipKb, problems };
}
