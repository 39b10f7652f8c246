// The integrations' part of docs/benchmarks.md: creates with webhook subscriptions (one receiver hanging)
// beside the same creates without, and the relay's delivery rate.
import { type AddGoal, num, table } from "./format.js";
import { ms } from "./stats.js";
import type { BackendResult } from "./suite.js";
import type { WebhookFigures } from "./webhooks.js";

/** Create p99 with three subscriptions, one of them hanging, may be at most this much above without. */
export const WEBHOOK_P99_ALLOWANCE = 1.1;

export function webhookGoals(r: BackendResult, tag: string, add: AddGoal): void {
  const w = r.webhooks;
  if (!w) return;
  add(
    "webhooks",
    `Create p99 with 3 webhooks (1 hanging) ÷ without${tag}`,
    WEBHOOK_P99_ALLOWANCE,
    w.with.p99 / w.without.p99,
    "×",
    true,
  );
}

export function webhookSection(live: BackendResult[]): string {
  const rows = live.filter((r) => r.webhooks);
  if (rows.length === 0) return "";
  const col = (f: (w: WebhookFigures) => string) => rows.map((r) => f(r.webhooks));
  const first = rows[0]?.webhooks;
  if (!first) return "";
  return `## Integrations: creates with webhooks, and delivery rate

Creates at concurrency 16 on the 1,000-room property, ${first.runs} runs of ${num(first.perRun)} each way, alternating:
with three subscriptions to \`reservation.*\` (two loopback receivers answering 200 at once, one that never
answers, so the relay holds a request open for the 10 s timeout and then retries) and with the same
subscriptions paused. Each create writes its event and one delivery per active subscription in its own
transaction; sending happens outside the request. Median of the runs' percentiles. The delivery rate is the
relay's own: one quick subscription alone, ${num(first.perRun)} events piled up behind a failing first delivery, then sent
in order once the receiver accepts (from its first accepted request to its last).

${table(
  ["Figure", ...rows.map((r) => r.name)],
  [
    ["Create without webhooks: p50 / p99", ...col((w) => `${ms(w.without.p50)} / ${ms(w.without.p99)}`)],
    ["Create with 3 webhooks (1 hanging): p50 / p99", ...col((w) => `${ms(w.with.p50)} / ${ms(w.with.p99)}`)],
    ["p99 with ÷ without", ...col((w) => `${(w.with.p99 / w.without.p99).toFixed(2)}×`)],
    ["Creates/s without / with", ...col((w) => `${num(w.without.perSecond)} / ${num(w.with.perSecond)}`)],
    [
      "Events delivered per second to one receiver (a backlog)",
      ...col((w) => (w.deliveredPerSecond === null ? "not all within 120 s" : num(w.deliveredPerSecond))),
    ],
    ["Requests the hanging receiver got", ...col((w) => num(w.hungRequests))],
  ],
)}
`;
}
