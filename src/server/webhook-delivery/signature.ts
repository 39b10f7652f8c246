import { createHmac, randomBytes } from "node:crypto";
import { WEBHOOK_SECRET_PREFIX } from "../../domain/schemas/webhooks.js";

export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString("base64url")}`;
}

/**
 * `Innkeep-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` (docs/product.md#webhooks). Signing
 * the timestamp with the body lets a receiver refuse old replays.
 */
export function signatureHeader(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");
  return `t=${t},v1=${v1}`;
}
