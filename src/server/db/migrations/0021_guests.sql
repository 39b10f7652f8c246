CREATE TABLE "guests" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"date_of_birth" date,
	"document_type" text,
	"document_number" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"tax_id" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"marketing_consent" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"anonymized_at" timestamp with time zone,
	CONSTRAINT "guests_pkey" PRIMARY KEY("property_id","id"),
	CONSTRAINT "guests_document_type_check" CHECK ("guests"."document_type" in ('passport', 'id_card', 'driving_licence', 'other')),
	CONSTRAINT "guests_country_check" CHECK ("guests"."country" ~ '^([A-Z]{2})?$')
);
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "guest_retention_months" integer;--> statement-breakpoint
ALTER TABLE "guests" ADD CONSTRAINT "guests_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guests_property_created_idx" ON "guests" USING btree ("property_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_guest_retention_check" CHECK ("properties"."guest_retention_months" between 1 and 1200);--> statement-breakpoint
-- Hand-written from here.
-- Existing stays get profiles: one each, except that stays with the same non-empty email (any case) share
-- one, named and reached as the newest of them. A profile takes the id of the stay it is made from.
ALTER TABLE "reservations" ADD COLUMN "guest_id" uuid;--> statement-breakpoint
UPDATE "reservations" r SET "guest_id" = k."guest"
FROM (
  SELECT "property_id", "id",
    first_value("id") OVER (
      PARTITION BY "property_id", CASE WHEN "guest_email" <> '' THEN lower("guest_email") ELSE "id"::text END
      ORDER BY "created_at" DESC, "id" DESC
    ) AS "guest"
  FROM "reservations"
) k
WHERE r."property_id" = k."property_id" AND r."id" = k."id";--> statement-breakpoint
INSERT INTO "guests" ("property_id", "id", "name", "email", "phone", "created_at")
SELECT r."property_id", r."id", r."guest_name", r."guest_email", r."guest_phone", f."first_at"
FROM "reservations" r
JOIN (SELECT "property_id", "guest_id", min("created_at") AS "first_at" FROM "reservations" GROUP BY 1, 2) f
  ON f."property_id" = r."property_id" AND f."guest_id" = r."id"
WHERE r."guest_id" = r."id";--> statement-breakpoint
UPDATE "reservations" r SET "guest_name" = g."name", "guest_phone" = g."phone", "guest_email" = g."email"
FROM "guests" g
WHERE g."property_id" = r."property_id" AND g."id" = r."guest_id" AND r."guest_id" <> r."id";--> statement-breakpoint
ALTER TABLE "reservations" ALTER COLUMN "guest_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_guest_fk" FOREIGN KEY ("property_id","guest_id") REFERENCES "public"."guests"("property_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reservations_property_guest_idx" ON "reservations" USING btree ("property_id","guest_id");--> statement-breakpoint
-- The guest search (`q`): a part of the name, email, phone or document number, folded as the reservations'
-- search is (migration 0019), each field on its own and joined by the unit separator. Stored, so a search
-- reads the folded text rather than folding every candidate row again (bench: 100 times faster); the
-- database keeps it, and `guestMatches` in src/server/modules/guests/search.ts compares it.
ALTER TABLE "guests" ADD COLUMN "search_text" text GENERATED ALWAYS AS (
  innkeep_fold("name") || E'\x1f' || innkeep_fold("email") || E'\x1f' || innkeep_fold("phone")
    || E'\x1f' || innkeep_fold("document_number")
) STORED;--> statement-breakpoint
-- Without the pending list (fastupdate): a new profile goes straight into the index, so no search reads
-- the list of recent inserts row by row until a vacuum folds it in (PGlite runs no autovacuum). At 20,000
-- profiles inserted after the index was made, a search for a term nothing matches read 376 pages (3.2 ms)
-- with it and 13 (0.1 ms) without; the insert costs 0.3 ms more.
CREATE INDEX "guests_search_idx" ON "guests" USING gin ("property_id", "search_text" gin_trgm_ops)
  WITH (fastupdate = off);--> statement-breakpoint
-- A stay's guest name, phone and email are its profile's (docs/product.md#guests): the database copies them
-- onto the stay, for the stays' search index and the screens that list stays, and nothing else writes them.
-- Whatever a write to a stay sends for them is replaced by the profile's values.
CREATE OR REPLACE FUNCTION innkeep_stay_guest() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  SELECT g."name", g."phone", g."email" INTO NEW."guest_name", NEW."guest_phone", NEW."guest_email"
  FROM "guests" g WHERE g."property_id" = NEW."property_id" AND g."id" = NEW."guest_id";
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no guest % in this property', NEW."guest_id"
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'reservations_guest_fk';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "reservations_guest" BEFORE INSERT OR UPDATE OF "guest_id", "guest_name", "guest_phone", "guest_email"
  ON "reservations" FOR EACH ROW EXECUTE FUNCTION innkeep_stay_guest();--> statement-breakpoint
-- A profile's new name, phone or email reaches every one of its stays in the same statement.
CREATE OR REPLACE FUNCTION innkeep_guest_stays() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE "reservations" SET "guest_name" = NEW."name", "guest_phone" = NEW."phone", "guest_email" = NEW."email"
  WHERE "property_id" = NEW."property_id" AND "guest_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "guests_stays" AFTER UPDATE OF "name", "phone", "email" ON "guests" FOR EACH ROW
  WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."phone" IS DISTINCT FROM NEW."phone"
        OR OLD."email" IS DISTINCT FROM NEW."email")
  EXECUTE FUNCTION innkeep_guest_stays();--> statement-breakpoint
-- The log stays append-only, with one exception the law makes: erasing a guest (GDPR article 17) rewrites
-- the personal values an entry's changes hold. Only `changes`, and only in a transaction that declares the
-- erasure (`SET LOCAL innkeep.erasing = 'on'`, src/server/modules/guests/anonymize.ts).
CREATE OR REPLACE FUNCTION innkeep_activity_append_only() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  IF current_setting('innkeep.erasing', true) = 'on'
     AND (NEW."id", NEW."seq", NEW."property_id", NEW."at", NEW."actor_id", NEW."actor_name", NEW."action",
          NEW."entity_type", NEW."entity_id", NEW."property_seq")
       IS NOT DISTINCT FROM (OLD."id", OLD."seq", OLD."property_id", OLD."at", OLD."actor_id", OLD."actor_name",
          OLD."action", OLD."entity_type", OLD."entity_id", OLD."property_seq") THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'activity entries are never changed' USING ERRCODE = 'check_violation';
END
$$;--> statement-breakpoint
-- Likewise a payment: voided once, and otherwise changed only by an erasure, which may rewrite its note (a
-- clerk's free text that may name the guest) and nothing else.
CREATE OR REPLACE FUNCTION innkeep_payment_void_only() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  IF current_setting('innkeep.erasing', true) = 'on'
     AND (NEW."id", NEW."property_id", NEW."reservation_id", NEW."amount", NEW."method", NEW."created_at",
          NEW."created_by", NEW."voided_at", NEW."voided_by")
       IS NOT DISTINCT FROM (OLD."id", OLD."property_id", OLD."reservation_id", OLD."amount", OLD."method",
          OLD."created_at", OLD."created_by", OLD."voided_at", OLD."voided_by") THEN
    RETURN NEW;
  END IF;
  IF OLD."voided_at" IS NOT NULL OR NEW."voided_at" IS NULL
     OR (NEW."id", NEW."property_id", NEW."reservation_id", NEW."amount", NEW."method", NEW."note", NEW."created_at")
        IS DISTINCT FROM (OLD."id", OLD."property_id", OLD."reservation_id", OLD."amount", OLD."method", OLD."note", OLD."created_at") THEN
    RAISE EXCEPTION 'a payment can only be voided, once' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
-- A create writes the guest's profile (new, or the returning guest's contact details) with the stay and its
-- entry, in the same call (decision 032); `p_guest` is NULL when the stay's profile is left as it is.
DROP FUNCTION IF EXISTS innkeep_create_reservation(jsonb, jsonb);--> statement-breakpoint
CREATE OR REPLACE FUNCTION innkeep_create_reservation(p_stay jsonb, p_entry jsonb, p_guest jsonb)
  RETURNS SETOF "reservations"
  LANGUAGE plpgsql
AS $$
DECLARE
  s "reservations" := jsonb_populate_record(NULL::"reservations", p_stay);
  e "activity" := jsonb_populate_record(NULL::"activity", p_entry);
  g "guests" := jsonb_populate_record(NULL::"guests", p_guest);
  stay "reservations";
  -- A variable, not now() in the SET: Citus allows only immutable functions in an upsert's DO UPDATE.
  at timestamptz := now();
BEGIN
  IF p_guest IS NOT NULL THEN
    INSERT INTO "guests" ("property_id", "id", "name", "email", "phone")
    VALUES (g."property_id", g."id", g."name", g."email", g."phone")
    ON CONFLICT ("property_id", "id") DO UPDATE
      SET "name" = excluded."name", "email" = excluded."email", "phone" = excluded."phone", "updated_at" = at
      WHERE ("guests"."name", "guests"."email", "guests"."phone")
        IS DISTINCT FROM (excluded."name", excluded."email", excluded."phone");
  END IF;
  INSERT INTO "reservations" ("id", "property_id", "code", "guest_id", "room_type_id", "room_id", "adults",
                              "children", "check_in_date", "check_out_date", "nights", "status",
                              "nightly_rates", "total", "balance", "created_by")
  VALUES (s."id", s."property_id", s."code", s."guest_id", s."room_type_id", s."room_id", s."adults",
          s."children", s."check_in_date", s."check_out_date", s."nights", s."status", s."nightly_rates",
          s."total", s."balance", s."created_by")
  -- A taken code is not an error: no row, no entry, and the caller draws another code.
  ON CONFLICT ("property_id", "code") DO NOTHING
  RETURNING * INTO stay;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  INSERT INTO "activity" ("property_id", "actor_id", "actor_name", "action", "entity_type", "entity_id",
                          "changes")
  VALUES (e."property_id", e."actor_id", e."actor_name", e."action", e."entity_type", e."entity_id",
          e."changes");
  RETURN NEXT stay;
END
$$;
