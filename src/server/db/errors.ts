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
function firstString(error: unknown, field: "constraint" | "detail" | "hint"): string | undefined {
  for (const current of errorChain(error)) {
    const value = (current as Record<string, unknown>)[field];
    if (typeof value === "string") return value;
  }
  return undefined;
}

/** The rule the database's day-close triggers name (migration 0023): a write to a closed day. */
export const DAY_CLOSED = "day_closed";

/** The SQLSTATE a PostgreSQL error carries (23505, 23P01, …), wherever it is in the chain. */
export function pgErrorCode(error: unknown): string | undefined {
  for (const current of errorChain(error)) {
    const sqlState = sqlStateOf(current);
    if (sqlState) return sqlState;
  }
  return undefined;
}

/** A constraint name in a violation's message, less the shard suffix Citus gives it (`…_102008`). */
const SHARD_CONSTRAINT = /constraint "([a-z][a-z0-9_]*?)(?:_\d+)?"/;

/**
 * The rule a refusal breaks: the constraint PostgreSQL names (PGlite, PostgreSQL), else the HINT our
 * triggers set to the same name, else the constraint in the message. Citus forwards a worker's message,
 * DETAIL and HINT but not its CONSTRAINT field, and names a table constraint by its shard's copy
 * (`rooms_property_id_number_key_102028`); every rule still reads as its one name here.
 */
export function pgConstraint(error: unknown): string | undefined {
  const named = firstString(error, "constraint");
  if (named) return named;
  // Integrity violations only (class 23): other errors' hints and messages name no rule.
  if (!pgErrorCode(error)?.startsWith("23")) return undefined;
  const hint = firstString(error, "hint");
  if (hint) return hint;
  for (const current of errorChain(error)) {
    // The database's own error only: a wrapper's message quotes the query's parameters (a guest's name).
    if (!sqlStateOf(current)) continue;
    const message = (current as { message?: unknown }).message;
    const match = typeof message === "string" ? SHARD_CONSTRAINT.exec(message) : null;
    if (match) return match[1];
  }
  return undefined;
}

/** The DETAIL of a PostgreSQL error (our triggers put the refused date there). */
export function pgDetail(error: unknown): string {
  return firstString(error, "detail") ?? "a night of the stay";
}
