/**
 * Configuration from the environment (docs/product.md#configuration), validated once at start-up. A bad value
 * stops the server with a message that names the variable.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import { z } from "zod";
import { API_TOKEN_RATE_LIMIT_PER_MINUTE } from "../domain/schemas/api-tokens.js";
import type { MailConfig } from "./mail/worker.js";

const port = z.coerce.number().int().min(0).max(65535);
const url = z.url({ protocol: /^https?$/ });
const flag = z.enum(["0", "1", "true", "false"]).transform((v) => v === "1" || v === "true");

const environment = z
  .object({
    PORT: port.default(3000),
    HOST: z.string().min(1).default("127.0.0.1"),
    PUBLIC_URL: url.optional(),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    OIDC_ISSUER: url.optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    ADMIN_EMAILS: z.string().optional(),
    SESSION_SECRET: z.string().min(32, { message: "must be at least 32 characters" }).optional(),
    SESSION_TTL_HOURS: z.coerce
      .number()
      .positive()
      .max(24 * 365)
      .default(24 * 7),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    DEV_IDP_ALLOW_REMOTE: flag.default(false),
    AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
    API_TOKEN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(API_TOKEN_RATE_LIMIT_PER_MINUTE),
    /** Public booking engine writes per client address per minute (every POST counts, whatever its answer). */
    PUBLIC_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
    WEBHOOKS_ALLOW_PRIVATE: flag.default(false),
    DAY_CLOSE_AUTOMATIC: flag.default(true),
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    MAIL_FROM: z.string().min(3).max(320).optional(),
    DISK_RESERVE_MB: z.coerce.number().int().min(0).max(1_000_000).default(100),
    WATCHDOG_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
    BACKUP_DIR: z.string().min(1).default("./backups"),
    BACKUP_KEEP: z.coerce.number().int().min(0).max(1000).default(7),
    BACKUP_HOUR: z.coerce.number().int().min(0).max(23).default(3),
  })
  .superRefine((env, ctx) => {
    if (env.SMTP_URL && !env.MAIL_FROM)
      ctx.addIssue({ code: "custom", path: ["MAIL_FROM"], message: "is required when SMTP_URL is set" });
    if (env.OIDC_ISSUER) {
      for (const key of ["OIDC_CLIENT_ID", "SESSION_SECRET"] as const) {
        if (!env[key])
          ctx.addIssue({ code: "custom", path: [key], message: "is required when OIDC_ISSUER is set" });
      }
    }
  });

export type Config = {
  port: number;
  host: string;
  publicUrl: string;
  /** PUBLIC_URL was set: only its host is answered (see http/csrf.ts). */
  publicUrlConfigured: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  oidc: { issuer: string; clientId: string; clientSecret: string | undefined } | undefined;
  adminEmails: ReadonlySet<string>;
  sessionSecret: string;
  sessionTtlMs: number;
  secureCookies: boolean;
  logLevel: string;
  devIdpAllowRemote: boolean;
  authRateLimitPerMinute: number;
  apiTokenRateLimitPerMinute: number;
  /** Public booking engine POSTs per client address per minute. */
  publicRateLimitPerMinute: number;
  /** Webhook receivers on loopback or private addresses are allowed (tests, on-premises receivers). */
  webhooksAllowPrivate: boolean;
  /** Whether this server closes each property's days by itself (docs/product.md#day-close). */
  automaticDayClose: boolean;
  /** Where email goes (docs/product.md#email); null: messages are kept, never sent. */
  mail: MailConfig | null;
  /** Free space DATA_DIR keeps: below it, changes are refused (db/disk-guard.ts). 0 turns the guard off. */
  diskReserveBytes: number;
  /** How long the event loop may be stuck before the process exits for its supervisor (0: never). */
  watchdogMs: number;
  /** Where backups go, how many are kept (0: no nightly backup) and at which hour (server time) it runs. */
  backup: { dir: string; keep: number; hour: number };
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

export const DEV_ADMIN_EMAIL = "admin@example.com";
export const DEV_CLIENT_ID = "innkeep-dev";

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings mean "unset", as in most deployment tools.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = environment.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join("; ")}`);
  }
  const e = parsed.data;
  const devMode = !e.OIDC_ISSUER;
  const loopback = ["127.0.0.1", "localhost", "::1"].includes(e.HOST);
  if (devMode && !loopback && !e.DEV_IDP_ALLOW_REMOTE) {
    throw new ConfigError(
      "Invalid configuration: HOST: the development sign-in provider only serves loopback; set OIDC_ISSUER for a real provider or DEV_IDP_ALLOW_REMOTE=1",
    );
  }
  const publicUrl = (
    e.PUBLIC_URL ?? `http://${e.HOST.includes(":") ? `[${e.HOST}]` : e.HOST}:${e.PORT}`
  ).replace(/\/$/, "");
  const adminList = e.ADMIN_EMAILS ?? (devMode ? DEV_ADMIN_EMAIL : "");
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    publicUrlConfigured: e.PUBLIC_URL !== undefined,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    oidc: e.OIDC_ISSUER
      ? { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID ?? "", clientSecret: e.OIDC_CLIENT_SECRET }
      : undefined,
    adminEmails: new Set(
      adminList
        .split(",")
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
    // Without a configured secret (development), a per-process secret only costs sign-ins in flight at restart.
    sessionSecret: e.SESSION_SECRET ?? randomBytes(32).toString("hex"),
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    secureCookies: publicUrl.startsWith("https:"),
    logLevel: e.LOG_LEVEL,
    devIdpAllowRemote: e.DEV_IDP_ALLOW_REMOTE,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    apiTokenRateLimitPerMinute: e.API_TOKEN_RATE_LIMIT_PER_MINUTE,
    publicRateLimitPerMinute: e.PUBLIC_RATE_LIMIT_PER_MINUTE,
    webhooksAllowPrivate: e.WEBHOOKS_ALLOW_PRIVATE,
    automaticDayClose: e.DAY_CLOSE_AUTOMATIC,
    mail: e.SMTP_URL && e.MAIL_FROM ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM } : null,
    diskReserveBytes: e.DISK_RESERVE_MB * 1024 * 1024,
    watchdogMs: e.WATCHDOG_SECONDS * 1000,
    backup: { dir: path.resolve(e.BACKUP_DIR), keep: e.BACKUP_KEEP, hour: e.BACKUP_HOUR },
  };
}
