/**
 * The database's folio arithmetic rounds to the currency's minor unit, which only the runtime's ISO 4217
 * data knows (money.ts `minorDigits`). The server writes it with the currency (properties/service.ts); this
 * fills properties that predate the column (migration 0022) once, after the migrations.
 */
import { eq, isNull } from "drizzle-orm";
import { minorDigits } from "../../domain/money.js";
import type { Db } from "./connect.js";
import { properties, reservations } from "./schema.js";

/** The folio's rounding before a property's digits are known (migration 0022's `coalesce`). */
const ASSUMED_DIGITS = 2;

export async function fillCurrencyDigits(db: Db): Promise<void> {
  const missing = await db
    .select({ id: properties.id, currency: properties.currency })
    .from(properties)
    .where(isNull(properties.currencyDigits));
  for (const { id, currency } of missing) {
    const digits = minorDigits(currency);
    await db.update(properties).set({ currencyDigits: digits }).where(eq(properties.id, id));
    // Touching the balance recomputes the folio total at the currency's own rounding (migration 0022).
    if (digits !== ASSUMED_DIGITS) {
      await db
        .update(reservations)
        .set({ balance: reservations.balance })
        .where(eq(reservations.propertyId, id));
    }
  }
}
