/** How a stay's counts, name and money read on every screen, in the language shown. */
import { plural, t } from "@lingui/core/macro";
import { stayDisplayName } from "../../../domain/labels.js";

export function nightsLabel(nights: number): string {
  return plural(nights, { one: "# night", other: "# nights" });
}

export function guestsLabel({ adults, children }: { adults: number; children: number }): string {
  if (children === 0) return plural(adults, { one: "# adult", other: "# adults" });
  return t`${plural(adults, { one: "# adult", other: "# adults" })}, ${plural(children, { one: "# child", other: "# children" })}`;
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
  if (balance > 0) {
    const owed = money(balance);
    return t`Owes ${owed}`;
  }
  if (balance < 0) {
    const credit = money(-balance);
    return t`Credit ${credit}`;
  }
  return t`Paid`;
}
