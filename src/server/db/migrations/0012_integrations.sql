CREATE TABLE "api_tokens" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "api_tokens_pkey" PRIMARY KEY("property_id","id"),
	CONSTRAINT "api_tokens_token_hash_key" UNIQUE("token_hash"),
	CONSTRAINT "api_tokens_role_check" CHECK ("api_tokens"."role" in ('manager', 'front_desk', 'housekeeping')),
	CONSTRAINT "api_tokens_name_check" CHECK (length(btrim("api_tokens"."name")) between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"principal" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer,
	"response_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY("principal","key")
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"webhook_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"event_seq" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now(),
	"last_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"response_status" integer,
	"error" text,
	CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY("property_id","id"),
	CONSTRAINT "webhook_deliveries_event_key" UNIQUE("webhook_id","event_seq"),
	CONSTRAINT "webhook_deliveries_status_check" CHECK ("webhook_deliveries"."status" in ('pending', 'delivered', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"secret" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	CONSTRAINT "webhooks_pkey" PRIMARY KEY("property_id","id"),
	CONSTRAINT "webhooks_id_key" UNIQUE("id"),
	CONSTRAINT "webhooks_events_check" CHECK (cardinality("webhooks"."events") >= 1)
);
--> statement-breakpoint
ALTER TABLE "activity" ADD COLUMN "property_seq" bigint;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "event_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_fk" FOREIGN KEY ("property_id","webhook_id") REFERENCES "public"."webhooks"("property_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_pending_idx" ON "webhook_deliveries" USING btree ("webhook_id","event_seq") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_log_idx" ON "webhook_deliveries" USING btree ("property_id","webhook_id","event_seq" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_property_seq_key" UNIQUE("property_id","property_seq");--> statement-breakpoint
-- Hand-written from here. Number the existing entries per property in the order they were written.
ALTER TABLE "activity" DISABLE TRIGGER "activity_append_only";--> statement-breakpoint
UPDATE "activity" a SET "property_seq" = n.rn
  FROM (SELECT "property_id", "id", row_number() OVER (PARTITION BY "property_id" ORDER BY "seq") AS rn FROM "activity") n
  WHERE a."property_id" = n."property_id" AND a."id" = n."id";--> statement-breakpoint
ALTER TABLE "activity" ENABLE TRIGGER "activity_append_only";--> statement-breakpoint
ALTER TABLE "activity" ALTER COLUMN "property_seq" SET NOT NULL;--> statement-breakpoint
UPDATE "properties" p SET "event_seq" = m.last
  FROM (SELECT "property_id", max("property_seq") AS last FROM "activity" GROUP BY 1) m
  WHERE p."id" = m."property_id";--> statement-breakpoint
-- The transactional outbox (docs/decisions/014-outbox.md): each activity entry is the property's next event.
-- Taking the number locks the property's counter until commit, so numbers are handed out in commit order
-- and a reader that has seen event n has seen every event before it.
CREATE FUNCTION "innkeep_activity_sequence"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "properties" SET "event_seq" = "event_seq" + 1 WHERE "id" = NEW."property_id"
    RETURNING "event_seq" INTO NEW."property_seq";
  IF NEW."property_seq" IS NULL THEN
    RAISE EXCEPTION 'activity for an unknown property' USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "activity_sequence" BEFORE INSERT ON "activity"
  FOR EACH ROW EXECUTE FUNCTION "innkeep_activity_sequence"();--> statement-breakpoint
-- With the event, in its transaction: one delivery per matching active webhook, and a wake-up for the
-- relays (NOTIFY is sent at commit, so only committed events wake anyone; the payload is only a hint).
-- A subscription's patterns are event types, a family ("reservation.*") or "*" (src/domain/events.ts).
CREATE FUNCTION "innkeep_notify_event"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "webhook_deliveries" ("property_id", "webhook_id", "event_id", "event_seq")
    SELECT w."property_id", w."id", NEW."id", NEW."property_seq" FROM "webhooks" w
    WHERE w."property_id" = NEW."property_id" AND w."active"
      AND (NEW."action" = ANY (w."events") OR '*' = ANY (w."events")
           OR split_part(NEW."action", '.', 1) || '.*' = ANY (w."events"));
  PERFORM pg_notify('innkeep_changes', json_build_object(
    'propertyId', NEW."property_id", 'seq', NEW."property_seq")::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "activity_notify" ON "activity";--> statement-breakpoint
CREATE TRIGGER "activity_event" AFTER INSERT ON "activity"
  FOR EACH ROW EXECUTE FUNCTION "innkeep_notify_event"();--> statement-breakpoint
-- The live feed now reads the outbox: the per-table announcements are gone.
DROP TRIGGER "properties_notify" ON "properties";--> statement-breakpoint
DROP TRIGGER "room_types_notify" ON "room_types";--> statement-breakpoint
DROP TRIGGER "rooms_notify" ON "rooms";--> statement-breakpoint
DROP TRIGGER "reservations_notify" ON "reservations";--> statement-breakpoint
DROP TRIGGER "rate_overrides_notify_insert" ON "rate_overrides";--> statement-breakpoint
DROP TRIGGER "rate_overrides_notify_update" ON "rate_overrides";--> statement-breakpoint
DROP TRIGGER "rate_overrides_notify_delete" ON "rate_overrides";--> statement-breakpoint
DROP TRIGGER "property_members_notify" ON "property_members";--> statement-breakpoint
DROP TRIGGER "invitations_notify" ON "invitations";--> statement-breakpoint
DROP TRIGGER "room_blocks_notify" ON "room_blocks";--> statement-breakpoint
DROP TRIGGER "payments_notify" ON "payments";--> statement-breakpoint
DROP FUNCTION "innkeep_notify_change"();--> statement-breakpoint
DROP FUNCTION "innkeep_notify_statement"();--> statement-breakpoint
-- A revoked API token ends the live streams opened with it, on every instance, like a deleted session.
CREATE OR REPLACE FUNCTION "innkeep_notify_access_revoked"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' OR TG_TABLE_NAME = 'api_tokens' THEN
    PERFORM pg_notify('innkeep_changes', json_build_object('revoked', 'session', 'tokenHash', OLD."token_hash")::text);
  ELSE
    PERFORM pg_notify('innkeep_changes', json_build_object(
      'revoked', 'member', 'propertyId', OLD."property_id", 'userId', OLD."user_id")::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "api_tokens_access_revoked" AFTER DELETE ON "api_tokens"
  FOR EACH ROW EXECUTE FUNCTION "innkeep_notify_access_revoked"();
