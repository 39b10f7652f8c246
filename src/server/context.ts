import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config.js";
import type { Database, Db } from "./db/connect.js";
import type { DiskGuard } from "./db/disk-guard.js";
import type { ChangeFeed } from "./live/change-feed.js";
import type { WebhookRelay } from "./webhook-delivery/relay.js";

/** What every module's routes receive: the database, the configuration, the change feed and the clock. */
export type ServerContext = {
  config: Config;
  database: Database;
  db: Db;
  feed: ChangeFeed;
  webhookRelay: WebhookRelay;
  /** The free-space guard of the embedded database's disk; null on PostgreSQL or in memory. */
  diskGuard: DiskGuard | null;
  /** "Today" for business rules is this instant in the property's time zone. */
  now: () => Date;
};

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A module registers its routes on the app; property-scoped modules get paths under /api/properties/:pid. */
export type Module = (app: App, context: ServerContext) => void | Promise<void>;
