import type { AdminProperty } from "../../../domain/schemas/properties.js";
import { presentPropertyRecord } from "../properties/index.js";
import type { OwnedProperty } from "./service.js";

export function presentAdminProperty(row: OwnedProperty): AdminProperty {
  return {
    ...presentPropertyRecord(row.property),
    ownerEmail: row.ownerEmail,
    ownerEmailVerified: row.ownerEmailVerified,
  };
}
