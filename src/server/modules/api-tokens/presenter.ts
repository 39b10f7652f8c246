import { isRole } from "../../../domain/permissions.js";
import type { ApiToken } from "../../../domain/schemas/api-tokens.js";
import type { apiTokens } from "../../db/schema.js";
import { toIso } from "../../http/present.js";

export type TokenRow = typeof apiTokens.$inferSelect;

export function presentApiToken(row: TokenRow, createdByName: string): ApiToken {
  if (!isRole(row.role)) throw new Error(`api token ${row.id} has an unknown role`);
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    createdBy: row.createdBy,
    createdByName,
    createdAt: toIso(row.createdAt),
    lastUsedAt: row.lastUsedAt ? toIso(row.lastUsedAt) : null,
    expiresAt: row.expiresAt ? toIso(row.expiresAt) : null,
  };
}
