/**
 * Where webhooks may be sent (SSRF): a receiver must resolve only to public addresses, unless
 * WEBHOOKS_ALLOW_PRIVATE=1 (tests, on-premises receivers). The check runs when a subscription is saved or
 * changed (a clear 400) and again at every delivery: a URL whose host is an address is refused before
 * connecting, a name's addresses are checked as it is resolved (so one that later resolves to an internal
 * address, DNS rebinding, is refused too), and the address a socket actually connected to is checked
 * before anything is written to it. All of these ask one question, isPublicAddress.
 */
import { promises as dns, type LookupAddress } from "node:dns";
import type { ClientRequest } from "node:http";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { fieldError } from "../../domain/errors.js";

const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this" network
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata services
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, "ipv4");
}
// `::` and `::1` are not listed: they are IPv4-compatible forms of 0.0.0.0 and 0.0.0.1 (see embeddedIpv4).
for (const [network, prefix] of [
  ["64:ff9b:1::", 48], // local-use NAT64: the IPv4 address it maps to is the operator's choice
  ["100::", 64], // discard-only
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated, still routed internally by some networks)
  ["ff00::", 8], // multicast
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, "ipv6");
}

type Groups = [number, number, number, number, number, number, number, number];

/** The eight 16-bit groups of a valid IPv6 address (without zone), whatever its spelling. */
function ipv6Groups(address: string): Groups {
  const groups = (part: string | undefined): number[] =>
    part
      ? part.split(":").flatMap((group) => {
          if (!group.includes(".")) return [Number.parseInt(group, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split(".").map(Number);
          return [a * 256 + b, c * 256 + d];
        })
      : [];
  const [head, tail] = address.split("::");
  const left = groups(head);
  const right = groups(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right] as Groups;
}

/**
 * The IPv4 address an IPv6 address stands for, if it is one of the forms that carry one: a connection to
 * it reaches (or is translated to) that IPv4 host, so it is judged as that host.
 */
function embeddedIpv4(g: Groups): string | null {
  const zero = (from: number, to: number) => g.slice(from, to).every((group) => group === 0);
  const inLastTwoGroups =
    (zero(0, 5) && (g[5] === 0 || g[5] === 0xffff)) || // ::/96 (compatible), ::ffff:0:0/96 (mapped)
    (zero(0, 4) && g[4] === 0xffff && g[5] === 0) || // ::ffff:0:0:0/96 (translated)
    (g[0] === 0x64 && g[1] === 0xff9b && zero(2, 6)); // 64:ff9b::/96 (NAT64)
  if (inLastTwoGroups) return ipv4Of(g[6], g[7]);
  if (g[0] === 0x2002) return ipv4Of(g[1], g[2]); // 2002::/16 (6to4): bits 16-47
  return null;
}

const ipv4Of = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/**
 * Whether an IP address is on the public internet. IPv6 forms that embed an IPv4 address (mapped,
 * compatible, NAT64, 6to4) are judged by that address; anything that is not an address is not public.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/%.*$/, ""); // a zone (fe80::1%eth0) names an interface, not a network
  const family = isIP(bare);
  if (family === 4) return !NOT_PUBLIC.check(bare, "ipv4");
  if (family !== 6) return false;
  const embedded = embeddedIpv4(ipv6Groups(bare));
  if (embedded !== null) return isPublicAddress(embedded);
  return !NOT_PUBLIC.check(bare, "ipv6");
}

/**
 * The URL's host when it is written as an IP address, else null. WHATWG URLs already spell decimal, hex,
 * octal and short IPv4 forms as dotted quads and bracket IPv6, which is what Node connects to unresolved.
 */
function hostAddress(url: URL): string | null {
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  return isIP(host) ? host : null;
}

function notPublic(host: string): string {
  return `${host} is a loopback, private or reserved address; webhooks go to public receivers`;
}

/** Refuses (400) a receiver URL that cannot be resolved or resolves to any non-public address. */
export async function assertReceiverAllowed(url: string, allowPrivate: boolean): Promise<void> {
  if (allowPrivate) return;
  const parsed = new URL(url);
  const address = hostAddress(parsed);
  const host = address ?? parsed.hostname;
  let addresses: LookupAddress[];
  try {
    addresses = address ? [{ address, family: isIP(address) }] : await dns.lookup(host, { all: true });
  } catch {
    throw fieldError("url", `${host} could not be resolved`);
  }
  if (addresses.length === 0 || addresses.some((one) => !isPublicAddress(one.address)))
    throw fieldError("url", `${notPublic(host)}`);
}

/**
 * Why a delivery to `url` must not even connect, or null. Node does not call a `lookup` for a host that is
 * an address, so publicOnlyLookup never sees those: they are judged here instead.
 */
export function literalRefusal(url: URL): string | null {
  const address = hostAddress(url);
  return address !== null && !isPublicAddress(address) ? notPublic(address) : null;
}

/**
 * A `lookup` for http.request that connects only to public addresses: the name is resolved once, here,
 * and the connection goes to an address that was checked. (Node asks for every address when it races
 * IPv4 against IPv6, and for one otherwise.)
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { family: options.family, hints: options.hints, all: true }).then(
    (addresses) => {
      if (addresses.length === 0 || addresses.some(({ address }) => !isPublicAddress(address))) {
        const error: NodeJS.ErrnoException = new Error(notPublic(hostname));
        error.code = "EPRIVATE";
        callback(error, "", 0);
      } else if (options.all) callback(null, addresses);
      else callback(null, addresses[0]?.address ?? "", addresses[0]?.family ?? 4);
    },
    (error: NodeJS.ErrnoException) => callback(error, "", 0),
  );
};

/**
 * The last line: destroys the request if its socket is connected to a non-public address, before the
 * request is written to it (a kept-alive socket is checked when it is handed over). The checks above
 * should make this unreachable; it holds whatever path an address took to the socket.
 */
export function refuseNonPublicPeer(req: ClientRequest): void {
  req.on("socket", (socket) => {
    const check = () => {
      const peer = socket.remoteAddress;
      if (peer === undefined || !isPublicAddress(peer)) {
        const error: NodeJS.ErrnoException = new Error(notPublic(peer ?? "an unknown address"));
        error.code = "EPRIVATE";
        req.destroy(error);
      }
    };
    // Ahead of the listener that flushes the request's buffered bytes once the socket connects.
    if (socket.connecting) socket.prependOnceListener("connect", check);
    else check();
  });
}
