/** Helpers presenters share: database values to the JSON shapes of the API contract. */

/** Timestamps leave the server as ISO 8601 UTC strings, whatever form the driver returned. */
export function toIso(timestamp: string | Date): string {
  return new Date(timestamp).toISOString();
}

/** Money is stored as exact numeric; JSON carries it as a number in the currency's major unit. */
export function toMoney(value: string | number): number {
  return Number(value);
}
