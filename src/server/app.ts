/**
 * Builds the Fastify application. Tests call buildApp and use `app.inject`; main.ts adds listening,
 * start-up checks and signal handling.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import formbody from "@fastify/formbody";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import Fastify, {
  type FastifyError,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError } from "../domain/errors.js";
import { DEV_IDP_PATH, registerDevProvider } from "./auth/dev-provider.js";
import { registerRequestUser } from "./auth/request-user.js";
import { registerAuthRoutes } from "./auth/routes.js";
import type { Config } from "./config.js";
import type { App, ServerContext } from "./context.js";
import type { Database } from "./db/connect.js";
import { DiskGuard, registerWriteGuard } from "./db/disk-guard.js";
import { noteDatabaseError } from "./db/health-state.js";
import { startMaintenance } from "./db/maintenance.js";
import { taskReporter } from "./db/task-health.js";
import { compressPluginOptions } from "./http/compression.js";
import { registerCsrfGuard } from "./http/csrf.js";
import { errorBody, registerErrorHandling } from "./http/errors.js";
import { registerIdempotency } from "./http/idempotency.js";
import { registerOpenApi } from "./http/openapi.js";
import { assertRoutePermission, PROPERTY_PREFIX, propertyMemberGuard } from "./http/property-scope.js";
import { publicRateLimit, tokenRateLimit } from "./http/rate-limits.js";
import { requestScopedDb } from "./http/request-transaction.js";
import { registerWebApp } from "./http/web-app.js";
import { ChangeFeed } from "./live/change-feed.js";
import { closeAllStreams, endRevokedStreams } from "./live/sse.js";
import { MailWorker, type MailWorkerOptions } from "./mail/worker.js";
import { type DayCloseOptions, scheduleDayCloses } from "./modules/day-close/index.js";
import { globalModules, propertyModules } from "./modules/index.js";
import { invoiceAttachment } from "./modules/invoices/index.js";
import { PUBLIC_PREFIX, publicBookingRoutes, publicPrincipal } from "./modules/public-booking/index.js";
import { type RelayOptions, WebhookRelay } from "./webhook-delivery/relay.js";

export { PROPERTY_PREFIX } from "./http/property-scope.js";

export type BuildOptions = {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions["logger"];
  /** Built web app to serve; defaults to dist/web when it exists. */
  webRoot?: string | null;
  /** The clock that decides "today" for the business rules; tests pass a fixed one. */
  now?: () => Date;
  /** Webhook timing (retry back-off, timeout, poll); tests shorten it. */
  webhooks?: Omit<RelayOptions, "allowPrivate">;
  /** The automatic day close, when this server runs it (main.ts, as DAY_CLOSE_AUTOMATIC says); off otherwise. */
  dayCloses?: Pick<DayCloseOptions, "intervalMs" | "maxDaysPerPass">;
  /** Mail worker timing (retry back-off, poll); tests shorten it. It runs when `config.mail` is set. */
  mailer?: Omit<MailWorkerOptions, "log" | "attachmentFor">;
};

function defaultWebRoot(): string | null {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, "package.json")) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  const root = path.join(dir, "dist/web");
  return fs.existsSync(path.join(root, "index.html")) ? root : null;
}

/** The router refuses some URLs before any hook runs; answer those in the API's error shape too. */
const frameworkErrors = (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
  const refusal =
    error.code === "FST_ERR_BAD_URL"
      ? new AppError("validation", "The URL is malformed")
      : error.code === "FST_ERR_MAX_PARAM_LENGTH"
        ? new AppError("validation", "A path parameter is too long")
        : new AppError("internal", "Something went wrong");
  reply.status(refusal.status).send(errorBody(refusal));
};

export async function buildApp({
  config,
  database,
  logger = false,
  webRoot,
  now = () => new Date(),
  webhooks,
  dayCloses,
  mailer,
}: BuildOptions): Promise<App> {
  const app = Fastify({
    logger,
    bodyLimit: 64 * 1024,
    trustProxy: false,
    forceCloseConnections: "idle",
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const webhookRelay = new WebhookRelay(database.db, {
    log: app.log,
    health: taskReporter(database, "webhook delivery"),
    ...webhooks,
    allowPrivate: config.webhooksAllowPrivate,
  });
  const feed = new ChangeFeed({
    log: app.log,
    health: taskReporter(database, "live updates"),
    onRevoked: endRevokedStreams,
    onDeliveries: () => webhookRelay.wake(),
  });
  await feed.start(database);
  webhookRelay.start();
  // PGlite has no autovacuum: without this a database built through the API never has planner statistics.
  const maintenance = startMaintenance(database, {
    onError: (err) => {
      // Damage found by a background job counts for health as much as one a request runs into.
      noteDatabaseError(database, err, app.log);
      app.log.warn({ err }, "table maintenance failed");
    },
  });
  const diskGuard =
    database.dataDir && config.diskReserveBytes > 0
      ? new DiskGuard(database.dataDir, config.diskReserveBytes, (status) =>
          status.writable
            ? app.log.warn({ freeBytes: status.freeBytes }, "disk space is back: changes are accepted again")
            : app.log.error(
                { freeBytes: status.freeBytes, reserveBytes: status.reserveBytes },
                "disk almost full: changes are refused until space is freed",
              ),
        )
      : null;
  diskGuard?.start((err) => app.log.warn({ err }, "could not read the data directory's free space"));
  const context: ServerContext = { config, database, db: database.db, feed, webhookRelay, diskGuard, now };
  const mailWorker = config.mail
    ? new MailWorker(database.db, config.mail, {
        log: app.log,
        attachmentFor: invoiceAttachment(database.db),
        ...mailer,
      })
    : null;
  mailWorker?.start();
  const stopDayCloses = dayCloses
    ? scheduleDayCloses(database.db, { ...dayCloses, now, log: app.log })
    : async () => {};
  app.addHook("preClose", async () => closeAllStreams());
  app.addHook("onClose", async () => {
    await stopDayCloses();
    await mailWorker?.stop();
    diskGuard?.stop();
    await maintenance.stop();
    await webhookRelay.close();
    await feed.close();
  });

  await app.register(cookie, { secret: config.sessionSecret });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        "connect-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "upgrade-insecure-requests": config.secureCookies ? [] : null,
      },
    },
    // Sign-in runs in a popup that reports back to its opener.
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
    // With "no-referrer" browsers send `Origin: null` on form posts, which the CSRF guard must refuse.
    referrerPolicy: { policy: "same-origin" },
  });
  await app.register(rateLimit, { global: false });
  await app.register(formbody);
  await app.register(compress, compressPluginOptions);
  await registerOpenApi(app);

  registerErrorHandling(app);
  registerCsrfGuard(app, config, [DEV_IDP_PATH]);
  if (diskGuard) registerWriteGuard(app, diskGuard);
  registerRequestUser(app, database.db, config, tokenRateLimit(app, config));
  if (!config.oidc) await registerDevProvider(app, config);
  await registerAuthRoutes(app, database.db, config);

  for (const module of globalModules) await module(app, context);
  await app.register(
    async (scoped) => {
      scoped.addHook("onRoute", assertRoutePermission);
      scoped.addHook("onRequest", propertyMemberGuard);
      registerIdempotency(scoped, database.db);
      // A keyed POST's work runs in the request's transaction (src/server/http/request-transaction.ts).
      const scopedContext = { ...context, db: requestScopedDb(database.db) };
      for (const module of propertyModules) await module(scoped as App, scopedContext);
    },
    { prefix: PROPERTY_PREFIX },
  );

  // The booking engine's public API: no member guard; its own rate limit and idempotency keys (per property).
  await app.register(
    async (scoped) => {
      scoped.addHook("onRequest", publicRateLimit(scoped, config));
      registerIdempotency(scoped, database.db, { principal: publicPrincipal });
      await publicBookingRoutes(scoped as App, { ...context, db: requestScopedDb(database.db) });
    },
    { prefix: PUBLIC_PREFIX },
  );

  await registerWebApp(app, database.db, webRoot === undefined ? defaultWebRoot() : webRoot);

  return app as App;
}
