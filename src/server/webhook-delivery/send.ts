/**
 * One webhook request: a signed POST whose whole exchange is bounded in time, to a receiver whose address
 * is checked on the way (src/server/webhook-delivery/receivers.ts). The relay (src/server/webhook-delivery/relay.ts)
 * decides what to send and records what came of it.
 */
import http from "node:http";
import https from "node:https";
import { literalRefusal, publicOnlyLookup, refuseNonPublicPeer } from "./receivers.js";
import { signatureHeader } from "./signature.js";

export type Outcome = { ok: boolean; status: number | null; error: string | null };

export type Post = {
  url: string;
  secret: string;
  eventId: string;
  deliveryId: string;
  body: string;
};

export type SendOptions = {
  allowPrivate: boolean;
  timeoutMs: number;
  /** Aborts the request (the relay is closing); the outcome is then a failure that says nothing. */
  signal: AbortSignal;
};

/**
 * Any 2xx is success. Redirects are not followed. Unless private receivers are allowed, only public
 * addresses are connected to, whatever the URL was when it was saved.
 */
export function sendWebhook(post: Post, options: SendOptions): Promise<Outcome> {
  const url = new URL(post.url);
  const guarded = !options.allowPrivate;
  const refused = guarded ? literalRefusal(url) : null;
  if (refused) return Promise.resolve({ ok: false, status: null, error: refused });
  const request = url.protocol === "https:" ? https.request : http.request;
  return new Promise((resolve) => {
    let settled = false;
    const done = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const req = request(
      url,
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(post.body),
          "user-agent": "Innkeep-Webhooks/1",
          "innkeep-signature": signatureHeader(post.secret, post.body, new Date()),
          "innkeep-event-id": post.eventId,
          "innkeep-delivery-id": post.deliveryId,
        },
        signal: options.signal,
        ...(guarded ? { lookup: publicOnlyLookup } : {}),
      },
      (res) => {
        // The answer's body is not needed: drain it so the socket is freed.
        res.resume();
        res.on("end", () => {
          const status = res.statusCode ?? 0;
          const ok = status >= 200 && status < 300;
          done({ ok, status, error: ok ? null : `HTTP ${status}` });
        });
        res.on("error", (error) => done({ ok: false, status: res.statusCode ?? null, error: error.message }));
      },
    );
    // The whole exchange, not just the connection, must finish in time: a receiver that never answers
    // (or trickles its answer) is cut off.
    const timer = setTimeout(() => {
      req.destroy();
      done({ ok: false, status: null, error: `No answer within ${options.timeoutMs / 1000} s` });
    }, options.timeoutMs);
    if (guarded) refuseNonPublicPeer(req);
    req.on("error", (error) => done({ ok: false, status: null, error: error.message }));
    req.end(post.body);
  });
}
