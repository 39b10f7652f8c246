import type { RateOverride } from "../../../domain/schemas/rate-overrides.js";
import type { rateOverrides } from "../../db/schema.js";
import { toIso, toMoney } from "../../http/present.js";

export type RateOverrideRow = { override: typeof rateOverrides.$inferSelect; roomTypeName: string | null };

export function presentRateOverride({ override, roomTypeName }: RateOverrideRow): RateOverride {
  return {
    id: override.id,
    propertyId: override.propertyId,
    date: override.date,
    roomTypeId: override.roomTypeId,
    roomTypeName,
    price: override.price === null ? null : toMoney(override.price),
    minLOS: override.minLos,
    stopSell: override.stopSell,
    createdAt: toIso(override.createdAt),
  };
}
