CREATE TABLE "rate_plans" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"name" text NOT NULL,
	"adjustment_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"per_adult_per_night" numeric(12, 2) DEFAULT '0' NOT NULL,
	"cancellation_days" integer,
	"deposit_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"room_type_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"public" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"standard" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rate_plans_pkey" PRIMARY KEY("property_id","id"),
	CONSTRAINT "rate_plans_adjustment_check" CHECK ("rate_plans"."adjustment_percent" between -100 and 100),
	CONSTRAINT "rate_plans_per_adult_check" CHECK ("rate_plans"."per_adult_per_night" >= 0),
	CONSTRAINT "rate_plans_cancellation_check" CHECK ("rate_plans"."cancellation_days" >= 0),
	CONSTRAINT "rate_plans_deposit_check" CHECK ("rate_plans"."deposit_percent" between 0 and 100),
	CONSTRAINT "rate_plans_standard_active_check" CHECK ("rate_plans"."active" or not "rate_plans"."standard")
);
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "booking_engine_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "rate_plan_id" uuid;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "source" text DEFAULT 'front_desk' NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "manage_token_hash" text;--> statement-breakpoint
ALTER TABLE "rate_plans" ADD CONSTRAINT "rate_plans_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rate_plans_standard_key" ON "rate_plans" USING btree ("property_id") WHERE "rate_plans"."standard";--> statement-breakpoint
-- Every property has a Standard plan (its values are STANDARD_RATE_PLAN in src/domain/constants.ts: a test
-- compares them), and every stay sold so far was sold on it, at the price it kept: nothing re-prices.
INSERT INTO "rate_plans" ("property_id", "name", "adjustment_percent", "per_adult_per_night", "cancellation_days",
                          "deposit_percent", "public", "standard")
SELECT "id", 'Standard', 0, 0, 2, 0, true, true FROM "properties";--> statement-breakpoint
UPDATE "reservations" s SET "rate_plan_id" = p."id"
FROM "rate_plans" p WHERE p."property_id" = s."property_id" AND p."standard";--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_rate_plan_fk" FOREIGN KEY ("property_id","rate_plan_id") REFERENCES "public"."rate_plans"("property_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reservations_manage_token_idx" ON "reservations" USING btree ("manage_token_hash") WHERE "reservations"."manage_token_hash" is not null;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_rate_plan_check" CHECK ("reservations"."rate_plan_id" is not null);--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_source_check" CHECK ("reservations"."source" in ('front_desk', 'booking_engine', 'api'));--> statement-breakpoint
-- A new property gets its Standard plan with it, whoever inserts it (the app, an import, a test's factory).
CREATE FUNCTION "innkeep_property_standard_plan"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "rate_plans" ("property_id", "name", "adjustment_percent", "per_adult_per_night",
                            "cancellation_days", "deposit_percent", "public", "standard")
  VALUES (NEW."id", 'Standard', 0, 0, 2, 0, true, true);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "properties_standard_plan" AFTER INSERT ON "properties"
  FOR EACH ROW EXECUTE FUNCTION "innkeep_property_standard_plan"();--> statement-breakpoint
-- A stay named no plan: it is sold on the property's Standard plan.
CREATE FUNCTION "innkeep_stay_default_plan"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."rate_plan_id" IS NULL THEN
    SELECT "id" INTO NEW."rate_plan_id" FROM "rate_plans"
    WHERE "property_id" = NEW."property_id" AND "standard";
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "reservations_default_plan" BEFORE INSERT ON "reservations"
  FOR EACH ROW EXECUTE FUNCTION "innkeep_stay_default_plan"();--> statement-breakpoint
-- The Standard plan stays: never deleted (but with its property), never made another plan.
CREATE FUNCTION "innkeep_standard_plan_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD."standard" AND NOT innkeep_property_gone(OLD."property_id") THEN
      RAISE EXCEPTION 'the Standard plan cannot be deleted'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'rate_plans_standard_kept';
    END IF;
    RETURN OLD;
  END IF;
  IF OLD."standard" <> NEW."standard" THEN
    RAISE EXCEPTION 'a plan cannot become or stop being the Standard plan'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'rate_plans_standard_kept';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "rate_plans_standard_kept" BEFORE UPDATE OR DELETE ON "rate_plans"
  FOR EACH ROW EXECUTE FUNCTION "innkeep_standard_plan_kept"();--> statement-breakpoint
-- The stay's terms now name its plan (null: the Standard plan), the property's name and currency and the
-- type's name (for the confirmation): a create still reads all it needs in one statement (decision 027).
DROP FUNCTION "innkeep_stay_terms"(uuid, uuid, uuid, date, date);--> statement-breakpoint
CREATE FUNCTION "innkeep_stay_terms"(p_property uuid, p_room uuid, p_room_type uuid, p_check_in date,
                                     p_check_out date, p_plan uuid)
  RETURNS TABLE("roomId" uuid, "roomNumber" text, "roomRoomTypeId" uuid, "typeId" uuid, "typeName" text,
                "baseRate" text, capacity integer, "propertyName" text, "timeZone" text, currency text,
                overrides text, plan text)
  LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH room AS (
    SELECT r.id, r.number, r.room_type_id FROM rooms r WHERE r.property_id = p_property AND r.id = p_room
  ), chosen AS (
    -- The room decides the type; a room without one leaves the choice to the request.
    SELECT coalesce((SELECT room_type_id FROM room), p_room_type) AS room_type_id
  )
  SELECT
    (SELECT id FROM room),
    (SELECT number FROM room),
    (SELECT room_type_id FROM room),
    t.id,
    t.name,
    t.base_rate::text,
    t.capacity,
    p.name,
    p.time_zone,
    p.currency,
    (SELECT coalesce(json_agg(json_build_object('date', o.date, 'roomTypeId', o.room_type_id, 'price', o.price,
                                                'stopSell', o.stop_sell, 'minLOS', o.min_los)), '[]')
     FROM rate_overrides o
     WHERE o.property_id = p_property
       AND o.date >= p_check_in AND o.date < p_check_out
       AND (o.room_type_id IS NULL OR o.room_type_id = c.room_type_id))::text,
    (SELECT json_build_object('id', rp.id, 'name', rp.name, 'adjustmentPercent', rp.adjustment_percent,
                              'perAdultPerNight', rp.per_adult_per_night, 'roomTypeIds', rp.room_type_ids,
                              'active', rp.active, 'public', rp.public, 'cancellationDays', rp.cancellation_days,
                              'depositPercent', rp.deposit_percent)
     FROM rate_plans rp
     WHERE rp.property_id = p_property AND (rp.id = p_plan OR (p_plan IS NULL AND rp.standard)))::text
  FROM chosen c
  CROSS JOIN properties p
  LEFT JOIN room_types t ON t.property_id = p_property AND t.id = c.room_type_id
  WHERE p.id = p_property;
END
$$;--> statement-breakpoint
-- The create now stores the stay's plan, source and manage token's hash and a new guest's country, and
-- queues the message that tells the guest (null: none) in the same transaction as the stay.
DROP FUNCTION "innkeep_create_reservation"(jsonb, jsonb, jsonb);--> statement-breakpoint
CREATE FUNCTION "innkeep_create_reservation"(p_stay jsonb, p_entry jsonb, p_guest jsonb, p_email jsonb)
  RETURNS SETOF reservations LANGUAGE plpgsql AS $$
DECLARE
  s "reservations" := jsonb_populate_record(NULL::"reservations", p_stay);
  e "activity" := jsonb_populate_record(NULL::"activity", p_entry);
  g "guests" := jsonb_populate_record(NULL::"guests", p_guest);
  m "emails" := jsonb_populate_record(NULL::"emails", p_email);
  stay "reservations";
  -- A variable, not now() in the SET: Citus allows only immutable functions in an upsert's DO UPDATE.
  at timestamptz := now();
BEGIN
  IF p_guest IS NOT NULL THEN
    INSERT INTO "guests" ("property_id", "id", "name", "email", "phone", "country")
    VALUES (g."property_id", g."id", g."name", g."email", g."phone", coalesce(g."country", ''))
    ON CONFLICT ("property_id", "id") DO UPDATE
      SET "name" = excluded."name", "email" = excluded."email", "phone" = excluded."phone", "updated_at" = at
      WHERE ("guests"."name", "guests"."email", "guests"."phone")
        IS DISTINCT FROM (excluded."name", excluded."email", excluded."phone");
  END IF;
  INSERT INTO "reservations" ("id", "property_id", "code", "guest_id", "room_type_id", "room_id", "adults",
                              "children", "check_in_date", "check_out_date", "nights", "status",
                              "nightly_rates", "total", "balance", "rate_plan_id", "source",
                              "manage_token_hash", "created_by")
  VALUES (s."id", s."property_id", s."code", s."guest_id", s."room_type_id", s."room_id", s."adults",
          s."children", s."check_in_date", s."check_out_date", s."nights", s."status", s."nightly_rates",
          s."total", s."balance", s."rate_plan_id", s."source", s."manage_token_hash", s."created_by")
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
  IF p_email IS NOT NULL THEN
    INSERT INTO "emails" ("property_id", "id", "kind", "reservation_id", "to_address", "subject", "text_body",
                          "html_body", "attachment", "status")
    VALUES (m."property_id", m."id", m."kind", m."reservation_id", m."to_address", m."subject", m."text_body",
            m."html_body", m."attachment", m."status");
  END IF;
  RETURN NEXT stay;
END
$$;
