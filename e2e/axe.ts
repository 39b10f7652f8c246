/**
 * Accessibility checks with axe-core: a page may have no violation of impact "serious" or "critical". A
 * failure lists each rule with its help link and every offending element with axe's own summary of what
 * to fix, so the report reads without opening a trace.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures.js";

type Result = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];

const BLOCKING = new Set(["serious", "critical"]);

export type AxeOptions = {
  /** CSS selectors of parts of the page left out of the check. */
  exclude?: readonly string[];
};

/** One readable paragraph per violated rule. */
export function describeViolation(violation: Result): string {
  const nodes = violation.nodes.map((node) => {
    const target = node.target.map(String).join(" ");
    const summary = (node.failureSummary ?? "").replace(/\s*\n\s*/g, " ").trim();
    return `    - ${target}\n      ${summary}`;
  });
  return [
    `[${violation.impact}] ${violation.id}: ${violation.help}`,
    `    ${violation.helpUrl}`,
    ...nodes,
  ].join("\n");
}

/** The serious and critical violations on the page as it is now, described readably. */
export async function seriousViolations(page: Page, options: AxeOptions = {}): Promise<string[]> {
  // Also WCAG 2.2's minimum target size (24px), which axe leaves off by default.
  let builder = new AxeBuilder({ page }).options({ rules: { "target-size": { enabled: true } } });
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ""))
    .map(describeViolation);
}

/** Fails the test when the page has a serious or critical accessibility violation. */
export async function expectNoSeriousViolations(page: Page, options: AxeOptions = {}): Promise<void> {
  const found = await seriousViolations(page, options);
  expect(found, `axe found on ${page.url()}:\n\n${found.join("\n\n")}\n`).toEqual([]);
}
