/** Names of the test databases: they carry the test run's pid, so concurrent runs never drop each other's. */

export const TEST_DB_PREFIX = "innkeep_test_";

/** The pid of the run that made the test database `name`, or NaN for a name not of that form. */
export function runPidOf(name: string): number {
  return Number(name.slice(TEST_DB_PREFIX.length).split("_")[0]);
}

/** `base` (a PostgreSQL URL) with its database replaced by `name`. */
export function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.href;
}
