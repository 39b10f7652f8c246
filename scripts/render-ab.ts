/**
 * The Front Desk render of two or more running servers, side by side: one load of each in turn, so the
 * machine's noise falls on all of them alike (the bench's `gridRender` measures one server at a time).
 *
 * Each `--server` is a built app already running on its own port and database (for an older version: a
 * worktree of that commit, built and seeded by its own bench code, with the owner's issuer at that port).
 * The bench's owner signs in through each server's development provider. Each server gets one browser
 * context (warm HTTP cache after two visits, no compiled code kept: see `gridRender`); prints the median,
 * mean and first quartile of navigation → rows on screen, the median after the grid's answer, and each
 * median against the first server's.
 *
 *   npx tsx scripts/render-ab.ts --server new=http://127.0.0.1:3391 --server old=http://127.0.0.1:3392 \
 *       [--loads 40] [--email owner@bench.innkeep.test] [--name "Bench Owner"]
 */
import { parseArgs } from "node:util";
import { launch, type RenderLoad, renderContext, renderOnce } from "../bench/lib/browser.js";
import { Client } from "../bench/lib/http.js";
import { median, percentile } from "../bench/lib/stats.js";

const { values: args } = parseArgs({
  options: {
    server: { type: "string", multiple: true, default: [] },
    loads: { type: "string", default: "40" },
    email: { type: "string", default: "owner@bench.innkeep.test" },
    name: { type: "string", default: "Bench Owner" },
  },
});
const servers = (args.server ?? []).map((spec) => {
  const at = spec.indexOf("=");
  if (at < 1) throw new Error(`--server ${spec}: expected name=url`);
  return { name: spec.slice(0, at), baseUrl: spec.slice(at + 1).replace(/\/$/, "") };
});
if (servers.length === 0) throw new Error("give at least one --server name=url");
const loads = Number(args.loads);

const browser = await launch();
try {
  const contexts = [];
  for (const server of servers) {
    const client = new Client(server.baseUrl);
    await client.signIn(args.email, args.name);
    contexts.push(await renderContext(browser, server.baseUrl, client.jar.get("innkeep_session")));
  }
  const measured: RenderLoad[][] = servers.map(() => []);
  for (let n = -2; n < loads; n++) {
    for (const [i, server] of servers.entries()) {
      const context = contexts[i];
      if (!context) continue;
      const load = await renderOnce(context, server.baseUrl);
      if (n >= 0) measured[i]?.push(load);
    }
  }
  const first = median(measured[0]?.map((l) => l.visible) ?? []);
  for (const [i, server] of servers.entries()) {
    const totals = measured[i]?.map((l) => l.visible) ?? [];
    const after = measured[i]?.map((l) => l.visible - l.dataEnd) ?? [];
    const mean = totals.reduce((sum, t) => sum + t, 0) / totals.length;
    console.log(
      `${server.name}: median ${median(totals).toFixed(0)} ms, mean ${mean.toFixed(0)}, p25 ${percentile(totals, 25).toFixed(0)}; after the grid's answer ${median(after).toFixed(0)} ms; ${(median(totals) / first).toFixed(2)}× the first (${loads} loads, ${measured[i]?.at(-1)?.rows ?? 0} rows)`,
    );
  }
} finally {
  await browser.close();
}
