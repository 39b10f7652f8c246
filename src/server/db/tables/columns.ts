/** Column shapes more than one table uses. */
import { numeric, timestamp, uuid } from "drizzle-orm/pg-core";

export const createdAt = () =>
  timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow();
export const money = (name: string) => numeric(name, { precision: 12, scale: 2 }).notNull();
/** A folio amount: three decimals, the most any currency has (KWD); the currency may allow fewer. */
export const amount = (name: string) => numeric(name, { precision: 15, scale: 3 }).notNull();
export const recordId = () => uuid("id").notNull().defaultRandom();
