/** How a stay's counts, name and money read on every screen. */
import { stayDisplayName } from "../../../domain/labels.js";

export function nightsLabel(nights: number): string {
  return `${nights} ${nights === 1 ? "night" : "nights"}`;
}

export function guestsLabel({ adults, children }: { adults: number; children: number }): string {
  const grown = `${adults} ${adults === 1 ? "adult" : "adults"}`;
  return children === 0 ? grown : `${grown}, ${children} ${children === 1 ? "child" : "children"}`;
}

/**
 * A stay named in a message, where the clerk may need to find it again: "Asha Rao (RES-7K2Q9)", or the code
 * alone when the booking has no guest name.
 */
export function stayTitle(stay: { guestName?: string | null; code: string }): string {
  const name = stayDisplayName(stay);
  return name === stay.code ? name : `${name} (${stay.code})`;
}

/**
 * What a balance says at a glance: what the guest still owes, a credit when they paid more than the total
 * (a negative balance), or that nothing is due.
 */
export function balanceLabel(balance: number, money: (amount: number) => string): string {
  if (balance > 0) return `Owes ${money(balance)}`;
  if (balance < 0) return `Credit ${money(-balance)}`;
  return "Paid";
}
