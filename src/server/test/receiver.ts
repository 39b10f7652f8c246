/** A real HTTP webhook receiver on loopback for tests: records every POST and answers as told. */
import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { WEBHOOK_SIGNATURE_TOLERANCE_SECONDS } from "../../domain/schemas/webhooks.js";

export type Received = { headers: http.IncomingHttpHeaders; body: string; json: Record<string, unknown> };
/** A status to answer, the same after a delay (a slow receiver), or "hang" to never answer. */
export type Answer = number | { status: number; afterMs: number } | "hang";

export type Receiver = {
  url: string;
  received: Received[];
  /** Answers for the next requests, in order; afterwards `otherwise` (default 200). */
  answers: Answer[];
  otherwise: Answer;
  /** Resolves once `count` requests have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>;
  /** Requests that are being held open ("hang", or a delayed answer not given yet). */
  hanging(): number;
  close(): Promise<void>;
};

export async function startReceiver(port = 0): Promise<Receiver> {
  const held = new Set<http.ServerResponse>();
  const waiters = new Set<() => void>();
  const receiver: Receiver = {
    url: "",
    received: [],
    answers: [],
    otherwise: 200,
    waitFor(count, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`${receiver.received.length} of ${count} webhook requests within ${timeoutMs} ms`),
          );
        }, timeoutMs);
        const check = () => {
          if (receiver.received.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(receiver.received.slice(0, count));
        };
        waiters.add(check);
        check();
      });
    },
    hanging: () => held.size,
    async close() {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const server = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      receiver.received.push({ headers: req.headers, body, json: JSON.parse(body) });
      for (const wake of [...waiters]) wake();
      const answer = receiver.answers.shift() ?? receiver.otherwise;
      if (typeof answer === "number") {
        res.writeHead(answer, { "content-type": "text/plain" }).end("ok");
        return;
      }
      // Held open (and cut off if the receiver closes) until answered, if ever.
      held.add(res);
      res.on("close", () => held.delete(res));
      if (answer === "hang") return;
      setTimeout(() => {
        if (!res.destroyed) res.writeHead(answer.status, { "content-type": "text/plain" }).end("ok");
      }, answer.afterMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/innkeep`;
  return receiver;
}

/**
 * Checks `Innkeep-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.body">` as a receiver would, refusing a
 * timestamp further than the documented tolerance from now.
 */
export function signatureValid(secret: string, received: Received): boolean {
  const header = String(received.headers["innkeep-signature"] ?? "");
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!match) return false;
  if (Math.abs(Date.now() / 1000 - Number(match[1])) > WEBHOOK_SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = createHmac("sha256", secret).update(`${match[1]}.${received.body}`).digest();
  return timingSafeEqual(expected, Buffer.from(match[2] ?? "", "hex"));
}
