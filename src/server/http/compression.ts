/**
 * Response compression, defined once: the settings @fastify/compress uses for every answer (app.ts), and the
 * same encoding for answers compressed once and sent many times (kept answers, kept-answers.ts).
 *
 * The grid and lists are large, repetitive JSON (the 1,000-room grid: ~750 KB, ~5× smaller compressed);
 * front desks are often on hotel Wi-Fi. The fastest settings: Brotli quality 1 compresses that grid within
 * 6 % of quality 4's size; gzip level 1 for clients without Brotli.
 */
import { promisify } from "node:util";
import zlib from "node:zlib";
import { negotiate } from "@fastify/accept-negotiator";

/** Answers shorter than this are sent as they are. */
export const COMPRESSION_THRESHOLD = 1024;

const brotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } };
const zlibOptions = { level: 1 };

/** The options of @fastify/compress. Requests are never decompressed: inflating bodies invites zip bombs. */
export const compressPluginOptions = {
  encodings: ["br", "gzip", "deflate"] as ("br" | "gzip" | "deflate")[],
  threshold: COMPRESSION_THRESHOLD,
  brotliOptions,
  zlibOptions,
  globalDecompression: false,
};

/** The encodings an answer can be kept in. */
export type KeptEncoding = "br" | "gzip";
const KEPT_ENCODINGS: KeptEncoding[] = ["br", "gzip"];

/**
 * The encoding @fastify/compress would pick among Brotli and gzip for this Accept-Encoding (its same
 * negotiation: `*` and `x-gzip` count as gzip), or undefined when the client takes neither.
 */
export function keptEncodingFor(acceptEncoding: string | undefined): KeptEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const header = acceptEncoding.toLowerCase().replace(/\*|x-gzip/gu, "gzip");
  return (negotiate(header, KEPT_ENCODINGS) as KeptEncoding | null) ?? undefined;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** `text` compressed as @fastify/compress would, off the main thread (zlib's thread pool). */
export function compressText(text: string, encoding: KeptEncoding): Promise<Buffer> {
  return encoding === "br" ? brotli(text, brotliOptions) : gzip(text, zlibOptions);
}
