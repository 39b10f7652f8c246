/**
 * Which addresses webhooks may reach, judged on strings alone (nothing here connects, except the last
 * line's tests, to loopback): every IPv4 class, and IPv6 forms that embed an IPv4 address judged by it,
 * in each spelling. Deliveries and subscriptions end to end: receivers-api.test.ts.
 */
import http from "node:http";
import net, { type AddressInfo, isIP, type LookupFunction } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPublicAddress, literalRefusal, refuseNonPublicPeer } from "./receivers.js";

// The specification, written out apart from the code's list: IPv4 networks that are not public.
const NOT_PUBLIC_V4: [string, number][] = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
];
const toNumber = (dotted: string) => dotted.split(".").reduce((n, octet) => n * 256 + Number(octet), 0);
const dotted = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join(".");
const inNetwork = (n: number, [base, prefix]: [string, number]) =>
  n >>> (32 - prefix) === toNumber(base) >>> (32 - prefix);
const specPublic = (n: number) => !NOT_PUBLIC_V4.some((network) => inNetwork(n, network));

const high = (n: number) => (n >>> 16).toString(16);
const low = (n: number) => (n & 0xffff).toString(16);
const padded = (group: string) => group.padStart(4, "0");
/** Each IPv6 form that carries an IPv4 address, in several spellings. */
const EMBEDDINGS: Record<string, (n: number) => string> = {
  "mapped, dotted": (n) => `::ffff:${dotted(n)}`,
  "mapped, hex": (n) => `::ffff:${high(n)}:${low(n)}`,
  "mapped, in full, upper case": (n) => `0:0:0:0:0:FFFF:${high(n)}:${low(n)}`.toUpperCase(),
  "translated (::ffff:0:0:0/96)": (n) => `::ffff:0:${dotted(n)}`,
  "compatible, dotted": (n) => `::${dotted(n)}`,
  "compatible, hex, padded": (n) => `0000::${padded(high(n))}:${padded(low(n))}`,
  "NAT64, dotted": (n) => `64:ff9b::${dotted(n)}`,
  "NAT64, in full": (n) => `64:ff9b:0:0:0:0:${high(n)}:${low(n)}`,
  "6to4": (n) => `2002:${high(n)}:${low(n)}::`,
  "6to4, padded, with a subnet and host": (n) => `2002:${padded(high(n))}:${padded(low(n))}:1::1`,
};

const anyNotPublicV4 = fc
  .tuple(fc.constantFrom(...NOT_PUBLIC_V4), fc.integer({ min: 0, max: 0xffffffff }))
  .map(([[base, prefix], host]) => (toNumber(base) + (host % 2 ** (32 - prefix))) >>> 0);

describe("isPublicAddress", () => {
  it("refuses every non-public IPv4 address, bare and embedded in each IPv6 form (fast-check)", () => {
    fc.assert(
      fc.property(anyNotPublicV4, (n) => {
        expect(isPublicAddress(dotted(n)), dotted(n)).toBe(false);
        for (const [form, embed] of Object.entries(EMBEDDINGS)) {
          expect(isIP(embed(n)), form).toBe(6);
          expect(isPublicAddress(embed(n)), `${form}: ${embed(n)}`).toBe(false);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("judges an IPv4 address by the specification, and each embedding of it the same (fast-check)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), (n) => {
        const expected = specPublic(n);
        expect(isPublicAddress(dotted(n)), dotted(n)).toBe(expected);
        for (const [form, embed] of Object.entries(EMBEDDINGS))
          expect(isPublicAddress(embed(n)), `${form}: ${embed(n)}`).toBe(expected);
      }),
      { numRuns: 2_000 },
    );
  });

  it("judges loopback as not public in every spelling, :: and ::1 included", () => {
    for (const address of [
      "127.0.0.1",
      "127.255.255.254",
      "::1",
      "0:0:0:0:0:0:0:1",
      "::",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::FFFF:7F00:0001",
      "::7f00:1",
      "::127.0.0.1",
      "64:ff9b::7f00:1",
      "64:ff9b::127.0.0.1",
      "2002:7f00:1::",
      "2002:7f00:0001::",
      "2002:7f00:0001:0:0:0:0:1",
      "::1%lo",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it("judges the IPv6 networks that are not public as such, and others as public", () => {
    for (const address of ["fe80::1", "FE80:0:0:0:0:0:0:1", "fe80::1%eth0", "fd00::1", "fc00::", "ff02::1"])
      expect(isPublicAddress(address), address).toBe(false);
    for (const address of ["2001:db8::1", "100::1", "64:ff9b:1::7f00:1", "fec0::1"])
      expect(isPublicAddress(address), address).toBe(false);
    // Strings only: nothing connects to these.
    for (const address of ["2606:4700:4700::1111", "2a00:1450::1", "2003::1"])
      expect(isPublicAddress(address), address).toBe(true);
  });

  it("judges what is not an address as not public", () => {
    for (const text of ["not an address", "", "localhost", "[::1]", "127.1", "0x7f000001", "2130706433"])
      expect(isPublicAddress(text), text).toBe(false);
  });
});

describe("literalRefusal", () => {
  it("refuses a URL whose host is a loopback address in any spelling WHATWG accepts", () => {
    for (const [url, address] of [
      ["http://127.0.0.1/", "127.0.0.1"],
      ["http://127.1:8080/", "127.0.0.1"],
      ["http://2130706433/", "127.0.0.1"],
      ["http://0x7f000001/", "127.0.0.1"],
      ["http://0177.0.0.1/", "127.0.0.1"],
      ["http://0x7f.1/", "127.0.0.1"],
      ["http://[::1]/", "::1"],
      ["http://[::ffff:7f00:1]/", "::ffff:7f00:1"],
      ["http://[::ffff:127.0.0.1]/", "::ffff:7f00:1"],
      ["http://[0:0:0:0:0:ffff:7f00:1]/", "::ffff:7f00:1"],
      ["http://[::127.0.0.1]/", "::7f00:1"],
      ["http://[64:ff9b::127.0.0.1]/", "64:ff9b::7f00:1"],
      ["https://[2002:7f00:0001::]/", "2002:7f00:1::"],
    ] as const) {
      expect(literalRefusal(new URL(url)), url).toBe(
        `${address} is a loopback, private or reserved address; webhooks go to public receivers`,
      );
    }
  });

  it("leaves names to the lookup", () => {
    for (const url of ["http://localhost/", "https://receiver.invalid/hook"])
      expect(literalRefusal(new URL(url)), url).toBeNull();
  });
});

describe("refuseNonPublicPeer (the last line, on loopback)", () => {
  let server: net.Server;
  let port = 0;
  const seen = { connections: 0, bytes: 0, errors: [] as Error[] };
  beforeAll(async () => {
    // A bare TCP listener: it counts what arrives, so a request written before the check would show.
    server = net.createServer((socket) => {
      seen.connections++;
      socket.on("data", (chunk) => {
        seen.bytes += chunk.length;
        socket.write("HTTP/1.1 204 No Content\r\nconnection: keep-alive\r\n\r\n");
      });
      socket.on("error", (error) => seen.errors.push(error));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  function outcome(req: http.ClientRequest): Promise<NodeJS.ErrnoException | "answered"> {
    return new Promise((resolve) => {
      req.on("error", resolve);
      req.on("response", (res) => {
        res.resume();
        res.on("end", () => resolve("answered"));
      });
      req.end("{}");
    });
  }

  it("destroys a request whose new connection landed on loopback, before anything is written", async () => {
    const before = { ...seen };
    // A resolver that lies: it names loopback after a check that let the name through.
    const lying: LookupFunction = (_host, options, callback) =>
      options.all ? callback(null, [{ address: "127.0.0.1", family: 4 }]) : callback(null, "127.0.0.1", 4);
    const req = http.request(`http://receiver.invalid:${port}/hook`, {
      method: "POST",
      lookup: lying,
      agent: false,
    });
    refuseNonPublicPeer(req);
    const result = await outcome(req);
    expect(result).toMatchObject({ code: "EPRIVATE", message: expect.stringMatching(/^127\.0\.0\.1 is a /) });
    await expect.poll(() => seen.connections).toBe(before.connections + 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen.bytes).toBe(before.bytes);
  });

  it("checks a kept-alive socket when it is handed to the request", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const url = `http://127.0.0.1:${port}/hook`;
      expect(await outcome(http.request(url, { method: "POST", agent }))).toBe("answered");
      const bytes = seen.bytes;
      const reused = http.request(url, { method: "POST", agent });
      refuseNonPublicPeer(reused);
      expect(await outcome(reused)).toMatchObject({ code: "EPRIVATE" });
      expect(reused.reusedSocket).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(seen.bytes).toBe(bytes);
    } finally {
      agent.destroy();
    }
  });
});
