/** API tokens: their limits, create, the record, and the create answer that carries the secret once. */
import { z } from "zod";
import { ROLES } from "../permissions.js";
import { id } from "./fields.js";

/** A token's secret: a recognisable prefix (secret scanners can find leaked ones) and 256 random bits. */
export const API_TOKEN_PREFIX = "ikt_";
/** Requests one token may make per minute before it is answered 429 with `Retry-After`. */
export const API_TOKEN_RATE_LIMIT_PER_MINUTE = 600;

export const apiToken = z.object({
  id,
  name: z.string(),
  role: z.enum(ROLES),
  /** The member whose rights bound the token's: removed or demoted below it, the token is revoked. */
  createdBy: id,
  /** Their display name (or email), for the list. */
  createdByName: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiToken>;

export const apiTokenInput = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, { message: "name is required" })
    .max(100, { message: "name must be at most 100 characters" }),
  // Owner is in the enum so that asking for it is 403, not 400 (docs/product.md#roles-and-permissions).
  role: z.enum(ROLES),
  /** An instant (ISO 8601 with offset) in the future, or null/absent for a token that does not expire. */
  expiresAt: z.iso.datetime({ offset: true, message: "expiresAt must be an ISO 8601 date-time" }).nullish(),
});
export type ApiTokenInput = z.infer<typeof apiTokenInput>;

/** The create answer: the token and, this once, its secret. */
export const createdApiToken = apiToken.extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiToken>;
