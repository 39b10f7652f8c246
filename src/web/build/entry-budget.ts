/**
 * JavaScript budgets of the pages that are entries of their own, checked on every production build by a
 * plugin in vite.config.ts, so `npm run build` (and with it `npm test`) fails when a page grows past its
 * budget or takes in code it was kept from. A page loads its entry chunk and the chunks that imports
 * statically; they may hold only the packages and source modules its budget lists, and weigh at most its
 * budget gzipped at level 9 (as the bench measures). The budgets: landing-budget.ts (decision 016) and
 * book-budget.ts (decision 043).
 */
import path from "node:path";
import { gzipSync } from "node:zlib";

export type EntryBudget = {
  /** The page as messages name it: "the landing page". */
  page: string;
  /** The page's HTML, relative to the repository: the build's entry for it. */
  html: string;
  kb: number;
  /** Packages the page runs on. */
  packages: ReadonlySet<string>;
  /** The page's own modules, relative to the repository (a trailing "/" allows a folder). */
  sources: readonly string[];
  /** The file that declares this budget, named in messages so a failure says where to look. */
  declaredIn: string;
};

/** What the check needs of an output chunk (a subset of Rollup's and Rolldown's `OutputChunk`). */
export type Chunk = {
  fileName: string;
  isEntry: boolean;
  /** The module the entry stands for: the page's HTML, for a page's entry chunk. */
  facadeModuleId: string | null;
  imports: string[];
  moduleIds: string[];
  code: string;
};

export type EntryReport = {
  files: string[];
  gzipKb: number;
  /** Each reason the build must fail; empty when the page is within its budget. */
  problems: string[];
};

/** A module id as a path relative to the repository, with "/" whatever the platform. */
function relative(root: string, id: string): string {
  return path
    .relative(root, id.split("?")[0] ?? id)
    .split(path.sep)
    .join("/");
}

/** The npm package a module id belongs to, or null for the project's own modules. */
function packageOf(id: string): string | null {
  const at = id.lastIndexOf("/node_modules/");
  if (at < 0) return null;
  const [scope = "", name = ""] = id.slice(at + "/node_modules/".length).split("/");
  return scope.startsWith("@") ? `${scope}/${name}` : scope;
}

/** Checks the chunks `budget`'s page loads first; `root` is the repository, to name source modules. */
export function checkEntry(chunks: readonly Chunk[], root: string, budget: EntryBudget): EntryReport {
  const entries = chunks.filter(
    (chunk) =>
      chunk.isEntry && chunk.facadeModuleId !== null && relative(root, chunk.facadeModuleId) === budget.html,
  );
  if (entries.length !== 1) {
    return {
      files: [],
      gzipKb: 0,
      problems: [`expected one entry chunk for ${budget.html}, found ${entries.length}`],
    };
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
        if (!budget.packages.has(pkg)) foreign.add(`package ${pkg}`);
        continue;
      }
      const source = relative(root, id);
      const allowed = budget.sources.some((s) => (s.endsWith("/") ? source.startsWith(s) : source === s));
      if (!allowed) foreign.add(source);
    }
  }
  for (const name of [...foreign].sort()) {
    problems.push(
      `${name} is in ${budget.page}'s JavaScript (what may be is listed in ${budget.declaredIn})`,
    );
  }
  const gzipKb = gzipBytes / 1024;
  if (gzipKb > budget.kb) {
    problems.push(`${budget.page}'s JavaScript is ${gzipKb.toFixed(1)} KB gzip, over ${budget.kb} KB`);
  }
  return { files: [...loaded.keys()], gzipKb, problems };
}
