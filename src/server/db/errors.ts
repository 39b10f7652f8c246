/**
 * What a PostgreSQL error says, read through the wrappers around it: drizzle wraps the driver's error in its
 * own (the original is its `cause`), and Node wraps one error per address it tried (`errors`). Every reader
 * of a SQLSTATE, a constraint name or a DETAIL goes through `errorChain`, so they all see the same errors.
 */

/** At most this many errors are looked at: a chain is a few links long, and a cycle must not hang us. */
const CHAIN_LIMIT = 16;

/** The error and its causes, nearest first (`cause`, then the members of an AggregateError's `errors`). */
export function* errorChain(error: unknown): Generator<object> {
  const pending: unknown[] = [error];
  const seen = new Set<unknown>();
  while (pending.length > 0 && seen.size < CHAIN_LIMIT) {
    const current = pending.shift();
    if (!current || typeof current !== "object" || seen.has(current)) continue;
    seen.add(current);
    yield current;
    pending.push((current as { cause?: unknown }).cause);
    const nested = (current as { errors?: unknown }).errors;
    if (Array.isArray(nested)) pending.push(...nested);
  }
}

/** The SQLSTATE of this one error, if it carries one. */
export function sqlStateOf(error: object): string | undefined {
  const code = (error as { code?: unknown }).code;
  // PostgreSQL's five-character SQLSTATE; Node's errno codes (EPIPE, EPERM) are five letters too.
  return typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) && !code.startsWith("E") ? code : undefined;
}

/** The first string-valued `field` along the chain. */
function firstString(error: unknown, field: "constraint" | "detail"): string | undefined {
  for (const current of errorChain(error)) {
    const value = (current as Record<string, unknown>)[field];
    if (typeof value === "string") return value;
  }
  return undefined;
}

/** The SQLSTATE a PostgreSQL error carries (23505, 23P01, …), wherever it is in the chain. */
export function pgErrorCode(error: unknown): string | undefined {
  for (const current of errorChain(error)) {
    const sqlState = sqlStateOf(current);
    if (sqlState) return sqlState;
  }
  return undefined;
}

/** The constraint a PostgreSQL error names. */
export function pgConstraint(error: unknown): string | undefined {
  return firstString(error, "constraint");
}

/** The DETAIL of a PostgreSQL error (our triggers put the refused date there). */
export function pgDetail(error: unknown): string {
  return firstString(error, "detail") ?? "a night of the stay";
}
