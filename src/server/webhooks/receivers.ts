/**
 * Where webhooks may be sent (SSRF): a receiver must resolve only to public addresses, unless
 * WEBHOOKS_ALLOW_PRIVATE=1 (tests, on-premises receivers). The check runs when a subscription is saved (a
 * clear 400) and again, on the addresses actually connected to, at every delivery, so a name that later
 * resolves to an internal address (DNS rebinding) is refused too.
 */
import { promises as dns, type LookupAddress } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { AppError } from "../../domain/errors.js";

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
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, "ipv6");
}

/** Whether an IP address is on the public internet (an IPv4-mapped IPv6 address is judged as IPv4). */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPublicAddress(mapped);
  const family = isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? "ipv4" : "ipv6");
}

function refusal(host: string): AppError {
  return new AppError(
    "validation",
    `url: ${host} is a loopback, private or reserved address; webhooks go to public receivers`,
  );
}

/** Refuses (400) a receiver URL that cannot be resolved or resolves to any non-public address. */
export async function assertReceiverAllowed(url: string, allowPrivate: boolean): Promise<void> {
  if (allowPrivate) return;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  let addresses: LookupAddress[];
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await dns.lookup(host, { all: true });
  } catch {
    throw new AppError("validation", `url: ${host} could not be resolved`);
  }
  if (addresses.length === 0 || addresses.some(({ address }) => !isPublicAddress(address)))
    throw refusal(host);
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
        const error: NodeJS.ErrnoException = new Error(refusal(hostname).message);
        error.code = "EPRIVATE";
        callback(error, "", 0);
      } else if (options.all) callback(null, addresses);
      else callback(null, addresses[0]?.address ?? "", addresses[0]?.family ?? 4);
    },
    (error: NodeJS.ErrnoException) => callback(error, "", 0),
  );
};
