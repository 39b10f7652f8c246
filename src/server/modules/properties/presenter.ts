import type { Property } from "../../../domain/schemas.js";
import { toIso } from "../../http/present.js";
import type { PropertyRow } from "./service.js";

export function presentProperty(row: PropertyRow): Property {
  return {
    id: row.id,
    ownerId: row.ownerId,
    name: row.name,
    code: row.code,
    currency: row.currency,
    timeZone: row.timeZone,
    createdAt: toIso(row.createdAt),
  };
}
