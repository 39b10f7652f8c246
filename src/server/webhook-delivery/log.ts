/** Where the webhook relay and its parts report failures: the server's logger (pino's `warn`/`error` fit). */
export type RelayLog = {
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
};
