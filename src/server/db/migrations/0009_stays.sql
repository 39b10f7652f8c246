CREATE TABLE "payments" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"reservation_id" uuid NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"method" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"voided_at" timestamp with time zone,
	"voided_by" uuid,
	CONSTRAINT "payments_pkey" PRIMARY KEY("property_id","id"),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount" > 0),
	CONSTRAINT "payments_method_check" CHECK ("payments"."method" in ('cash', 'card', 'bank_transfer', 'other'))
);
--> statement-breakpoint
CREATE TABLE "room_blocks" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"room_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_blocks_pkey" PRIMARY KEY("property_id","id"),
	CONSTRAINT "room_blocks_dates_check" CHECK ("room_blocks"."start_date" < "room_blocks"."end_date")
);
--> statement-breakpoint
-- Hand-ordered from here (drizzle-kit cannot name the old primary keys).
-- Citus-ready keys (docs/architecture.md#business-rules-and-where-they-are-enforced): every primary, unique
-- and exclusion key starts with property_id. The foreign keys that lean on the old (property_id, id) unique
-- keys are dropped and re-created on the new keys.
ALTER TABLE "rooms" DROP CONSTRAINT "rooms_room_type_fk";--> statement-breakpoint
ALTER TABLE "reservations" DROP CONSTRAINT "reservations_room_type_fk";--> statement-breakpoint
ALTER TABLE "rate_overrides" DROP CONSTRAINT "rate_overrides_room_type_fk";--> statement-breakpoint
ALTER TABLE "room_nights" DROP CONSTRAINT "room_nights_room_type_fk";--> statement-breakpoint
ALTER TABLE "reservations" DROP CONSTRAINT "reservations_room_fk";--> statement-breakpoint
ALTER TABLE "room_types" DROP CONSTRAINT "room_types_property_id_id_key";--> statement-breakpoint
ALTER TABLE "rooms" DROP CONSTRAINT "rooms_property_id_id_key";--> statement-breakpoint
ALTER TABLE "activity" DROP CONSTRAINT "activity_pkey";--> statement-breakpoint
ALTER TABLE "invitations" DROP CONSTRAINT "invitations_pkey";--> statement-breakpoint
ALTER TABLE "rate_overrides" DROP CONSTRAINT "rate_overrides_pkey";--> statement-breakpoint
ALTER TABLE "reservations" DROP CONSTRAINT "reservations_pkey";--> statement-breakpoint
ALTER TABLE "room_types" DROP CONSTRAINT "room_types_pkey";--> statement-breakpoint
ALTER TABLE "rooms" DROP CONSTRAINT "rooms_pkey";--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_pkey" PRIMARY KEY("property_id","id");--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_pkey" PRIMARY KEY("property_id","id");--> statement-breakpoint
ALTER TABLE "rate_overrides" ADD CONSTRAINT "rate_overrides_pkey" PRIMARY KEY("property_id","id");--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_pkey" PRIMARY KEY("property_id","id");--> statement-breakpoint
ALTER TABLE "room_types" ADD CONSTRAINT "room_types_pkey" PRIMARY KEY("property_id","id");--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_pkey" PRIMARY KEY("property_id","id");--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_room_type_fk" FOREIGN KEY ("property_id","room_type_id") REFERENCES "public"."room_types"("property_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_room_type_fk" FOREIGN KEY ("property_id","room_type_id") REFERENCES "public"."room_types"("property_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_overrides" ADD CONSTRAINT "rate_overrides_room_type_fk" FOREIGN KEY ("property_id","room_type_id") REFERENCES "public"."room_types"("property_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_nights" ADD CONSTRAINT "room_nights_room_type_fk" FOREIGN KEY ("property_id","room_type_id") REFERENCES "public"."room_types"("property_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_room_fk" FOREIGN KEY ("property_id","room_id") REFERENCES "public"."rooms"("property_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_reservation_fk" FOREIGN KEY ("property_id","reservation_id") REFERENCES "public"."reservations"("property_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_blocks" ADD CONSTRAINT "room_blocks_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_blocks" ADD CONSTRAINT "room_blocks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_blocks" ADD CONSTRAINT "room_blocks_room_fk" FOREIGN KEY ("property_id","room_id") REFERENCES "public"."rooms"("property_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_reservation_idx" ON "payments" USING btree ("property_id","reservation_id");--> statement-breakpoint
ALTER TABLE "reservations" DROP CONSTRAINT "reservations_status_check";--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_status_check" CHECK ("reservations"."status" in ('booked', 'checked_in', 'checked_out', 'cancelled', 'no_show'));--> statement-breakpoint
-- The room's overlap rule, now keyed by property (same statuses: ROOM_HOLDING_STATUSES).
ALTER TABLE "reservations" DROP CONSTRAINT "reservations_no_overlap";--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_no_overlap"
  EXCLUDE USING gist ("property_id" WITH =, "room_id" WITH =, daterange("check_in_date", "check_out_date", '[)') WITH &&)
  WHERE ("room_id" IS NOT NULL AND "status" IN ('booked', 'checked_in'));--> statement-breakpoint
ALTER TABLE "room_blocks" ADD CONSTRAINT "room_blocks_no_overlap"
  EXCLUDE USING gist ("property_id" WITH =, "room_id" WITH =, daterange("start_date", "end_date", '[)') WITH &&);--> statement-breakpoint
-- The status lists the triggers use, one function each, compared with the domain's constants by a test.
CREATE FUNCTION "innkeep_holds_room"(p_status text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT p_status IN ('booked', 'checked_in') $$;--> statement-breakpoint
CREATE FUNCTION "innkeep_is_sold"(p_status text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT p_status IN ('booked', 'checked_in', 'checked_out') $$;--> statement-breakpoint
CREATE FUNCTION "innkeep_sum"(p_values numeric[]) RETURNS numeric LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(sum(v), 0) FROM unnest(p_values) AS v $$;--> statement-breakpoint
-- What each night was sold for. Existing stays split their stored total evenly (to the cent, the odd cents on
-- the first nights), so no total changes and no stay is re-priced at today's rates.
ALTER TABLE "reservations" ADD COLUMN "nightly_rates" numeric(12, 2)[];--> statement-breakpoint
ALTER TABLE "reservations" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "reservations" r SET "nightly_rates" = ARRAY(
  SELECT ((floor(r."total" * 100 / d.n) + CASE WHEN i <= r."total" * 100 - floor(r."total" * 100 / d.n) * d.n THEN 1 ELSE 0 END) / 100)::numeric(12, 2)
  FROM (SELECT r."check_out_date" - r."check_in_date" AS n) d, generate_series(1, d.n) AS i ORDER BY i);--> statement-breakpoint
ALTER TABLE "reservations" ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE "reservations" ALTER COLUMN "nightly_rates" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_nightly_rates_check" CHECK (cardinality("reservations"."nightly_rates") = "reservations"."check_out_date" - "reservations"."check_in_date" and "reservations"."total" = innkeep_sum("reservations"."nightly_rates"));--> statement-breakpoint
ALTER TABLE "room_nights" ADD COLUMN "held" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "room_nights" ADD COLUMN "blocked" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "room_nights" ADD COLUMN "revenue" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "room_nights" ADD CONSTRAINT "room_nights_held_check" CHECK ("room_nights"."held" >= 0 and "room_nights"."blocked" >= 0);--> statement-breakpoint
-- The rollup is rebuilt from the stays: sold and revenue from sold stays, held from stays holding inventory.
DELETE FROM "room_nights";--> statement-breakpoint
INSERT INTO "room_nights" ("property_id", "night", "room_type_id", "sold", "held", "blocked", "revenue")
SELECT r."property_id", r."check_in_date" + (n.i::integer - 1), r."room_type_id",
  count(*) FILTER (WHERE innkeep_is_sold(r."status")),
  count(*) FILTER (WHERE innkeep_holds_room(r."status")),
  0,
  coalesce(sum(n.rate) FILTER (WHERE innkeep_is_sold(r."status")), 0)
FROM "reservations" r CROSS JOIN LATERAL unnest(r."nightly_rates") WITH ORDINALITY AS n(rate, i)
WHERE innkeep_is_sold(r."status")
GROUP BY 1, 2, 3;--> statement-breakpoint
DROP TRIGGER "reservations_room_nights" ON "reservations";--> statement-breakpoint
DROP FUNCTION "innkeep_room_nights_sync"();--> statement-breakpoint
DROP FUNCTION "innkeep_room_nights_add"(uuid, uuid, date, date, integer);--> statement-breakpoint
DROP FUNCTION "innkeep_room_nights_remove"(uuid, uuid, date, date);--> statement-breakpoint
-- Adds one stay's or block's nights (starting p_from, one per rate) to the rollup. Rows are inserted and
-- locked in ascending night order, so writers sharing nights queue instead of deadlocking.
CREATE FUNCTION "innkeep_room_nights_put"(p_property uuid, p_type uuid, p_from date, p_rates numeric[],
                                          p_sold integer, p_held integer, p_blocked integer)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO "room_nights" ("property_id", "night", "room_type_id", "sold", "held", "blocked", "revenue")
  SELECT p_property, p_from + (r.i::integer - 1), p_type, p_sold, p_held, p_blocked, p_sold * r.rate
  FROM unnest(p_rates) WITH ORDINALITY AS r(rate, i)
  ORDER BY 2
  ON CONFLICT ("property_id", "night", "room_type_id") DO UPDATE SET
    "sold" = "room_nights"."sold" + excluded."sold",
    "held" = "room_nights"."held" + excluded."held",
    "blocked" = "room_nights"."blocked" + excluded."blocked",
    "revenue" = "room_nights"."revenue" + excluded."revenue"
$$;--> statement-breakpoint
-- Takes them away again: lock in night order first (a plain UPDATE locks in plan order), then update. A plain
-- UPDATE, not an upsert: when a property is deleted its rollup may already be gone.
CREATE FUNCTION "innkeep_room_nights_take"(p_property uuid, p_type uuid, p_from date, p_rates numeric[],
                                           p_sold integer, p_held integer, p_blocked integer)
RETURNS void LANGUAGE sql AS $$
  SELECT 1 FROM "room_nights"
  WHERE "property_id" = p_property AND "room_type_id" IS NOT DISTINCT FROM p_type
    AND "night" >= p_from AND "night" < p_from + cardinality(p_rates)
  ORDER BY "night"
  FOR UPDATE;
  UPDATE "room_nights" n SET
    "sold" = n."sold" - p_sold, "held" = n."held" - p_held, "blocked" = n."blocked" - p_blocked,
    "revenue" = n."revenue" - p_sold * r.rate
  FROM unnest(p_rates) WITH ORDINALITY AS r(rate, i)
  WHERE n."property_id" = p_property AND n."room_type_id" IS NOT DISTINCT FROM p_type
    AND n."night" = p_from + (r.i::integer - 1);
$$;--> statement-breakpoint
-- Room-type inventory (docs/product.md#room-type-inventory): on every night, the stays holding a type plus
-- its blocked rooms never exceed its rooms. The caller has just written (and so locked) the type's rows for
-- [p_from, p_to), so writers of one type and night are serialised and each check reads what the previous one
-- committed. Stays and rooms without a type draw on the whole hotel: writers of such stays hold the
-- property's advisory lock exclusively (others share it), and a typed writer also locks the typeless rows it
-- meets.
CREATE FUNCTION "innkeep_check_inventory"(p_property uuid, p_type uuid, p_from date, p_to date)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_rooms integer;
  v_night date;
BEGIN
  IF p_type IS NOT NULL THEN
    SELECT count(*) INTO v_rooms FROM "rooms" WHERE "property_id" = p_property AND "room_type_id" = p_type;
    SELECT "night" INTO v_night FROM "room_nights"
    WHERE "property_id" = p_property AND "room_type_id" = p_type AND "night" >= p_from AND "night" < p_to
      AND "held" + "blocked" > v_rooms
    ORDER BY "night" LIMIT 1;
    IF FOUND THEN
      RAISE EXCEPTION 'room type sold out on %', v_night
        USING ERRCODE = 'check_violation', CONSTRAINT = 'room_nights_inventory', DETAIL = v_night::text;
    END IF;
    PERFORM 1 FROM "room_nights"
    WHERE "property_id" = p_property AND "room_type_id" IS NULL AND "night" >= p_from AND "night" < p_to
      AND "held" > 0
    ORDER BY "night" FOR UPDATE;
    IF NOT FOUND THEN RETURN; END IF;
  END IF;
  SELECT count(*) INTO v_rooms FROM "rooms" WHERE "property_id" = p_property;
  SELECT "night" INTO v_night FROM "room_nights"
  WHERE "property_id" = p_property AND "night" >= p_from AND "night" < p_to
  GROUP BY "night" HAVING sum("held" + "blocked") > v_rooms
  ORDER BY "night" LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'hotel sold out on %', v_night
      USING ERRCODE = 'check_violation', CONSTRAINT = 'room_nights_inventory', DETAIL = v_night::text;
  END IF;
END
$$;--> statement-breakpoint
CREATE FUNCTION "innkeep_inventory_lock"(p_property uuid, p_type uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_type IS NULL THEN
    PERFORM pg_advisory_xact_lock(1787, hashtext(p_property::text));
  ELSE
    PERFORM pg_advisory_xact_lock_shared(1787, hashtext(p_property::text));
  END IF;
END
$$;--> statement-breakpoint
CREATE FUNCTION "innkeep_room_nights_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_sold integer := 0; old_held integer := 0; new_sold integer := 0; new_held integer := 0;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    old_sold := innkeep_is_sold(OLD."status")::integer; old_held := innkeep_holds_room(OLD."status")::integer;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    new_sold := innkeep_is_sold(NEW."status")::integer; new_held := innkeep_holds_room(NEW."status")::integer;
  END IF;
  IF TG_OP = 'UPDATE' AND old_sold = new_sold AND old_held = new_held
     AND NEW."room_type_id" IS NOT DISTINCT FROM OLD."room_type_id"
     AND NEW."check_in_date" = OLD."check_in_date" AND NEW."nightly_rates" = OLD."nightly_rates" THEN
    RETURN NULL; -- guest details, a check-in, a new balance: the same nights, sold for the same
  END IF;
  IF new_held = 1 THEN PERFORM innkeep_inventory_lock(NEW."property_id", NEW."room_type_id"); END IF;
  IF old_sold + old_held > 0 THEN
    PERFORM innkeep_room_nights_take(OLD."property_id", OLD."room_type_id", OLD."check_in_date",
                                     OLD."nightly_rates", old_sold, old_held, 0);
  END IF;
  IF new_sold + new_held > 0 THEN
    PERFORM innkeep_room_nights_put(NEW."property_id", NEW."room_type_id", NEW."check_in_date",
                                    NEW."nightly_rates", new_sold, new_held, 0);
  END IF;
  IF new_held = 1 THEN
    PERFORM innkeep_check_inventory(NEW."property_id", NEW."room_type_id", NEW."check_in_date", NEW."check_out_date");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "reservations_room_nights" AFTER INSERT OR UPDATE OR DELETE ON "reservations"
  FOR EACH ROW EXECUTE FUNCTION "innkeep_room_nights_sync"();--> statement-breakpoint
-- A block takes its room's type out of inventory for its nights (no sold nights, no revenue).
CREATE FUNCTION "innkeep_room_block_nights"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_type uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT "room_type_id" INTO v_type FROM "rooms" WHERE "property_id" = OLD."property_id" AND "id" = OLD."room_id";
    PERFORM innkeep_room_nights_take(OLD."property_id", v_type, OLD."start_date",
      array_fill(0::numeric, ARRAY[OLD."end_date" - OLD."start_date"]), 0, 0, 1);
    RETURN NULL;
  END IF;
  SELECT "room_type_id" INTO v_type FROM "rooms" WHERE "property_id" = NEW."property_id" AND "id" = NEW."room_id";
  PERFORM innkeep_inventory_lock(NEW."property_id", v_type);
  PERFORM innkeep_room_nights_put(NEW."property_id", v_type, NEW."start_date",
    array_fill(0::numeric, ARRAY[NEW."end_date" - NEW."start_date"]), 0, 0, 1);
  PERFORM innkeep_check_inventory(NEW."property_id", v_type, NEW."start_date", NEW."end_date");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "room_blocks_nights" AFTER INSERT OR DELETE ON "room_blocks"
  FOR EACH ROW EXECUTE FUNCTION "innkeep_room_block_nights"();--> statement-breakpoint
-- A stay and a block of the same room never overlap. Both writers queue on the room's lock (the one that
-- serialises bookings of a room), then look for the other kind with a fresh snapshot.
CREATE OR REPLACE FUNCTION "innkeep_lock_room"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(1785, hashtext(NEW.room_id::text));
  IF TG_TABLE_NAME = 'reservations' THEN
    PERFORM 1 FROM "room_blocks" b
    WHERE b."property_id" = NEW."property_id" AND b."room_id" = NEW."room_id"
      AND daterange(b."start_date", b."end_date", '[)') && daterange(NEW."check_in_date", NEW."check_out_date", '[)');
    IF FOUND THEN
      RAISE EXCEPTION 'the room is out of order on those dates'
        USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'reservations_block_overlap';
    END IF;
  ELSE
    PERFORM 1 FROM "reservations" r
    WHERE r."property_id" = NEW."property_id" AND r."room_id" = NEW."room_id" AND innkeep_holds_room(r."status")
      AND daterange(r."check_in_date", r."check_out_date", '[)') && daterange(NEW."start_date", NEW."end_date", '[)');
    IF FOUND THEN
      RAISE EXCEPTION 'a stay holds the room on those dates'
        USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'room_blocks_stay_overlap';
    END IF;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER "reservations_lock_room" ON "reservations";--> statement-breakpoint
CREATE TRIGGER "reservations_lock_room" BEFORE INSERT OR UPDATE OF "room_id", "status", "check_in_date", "check_out_date"
  ON "reservations" FOR EACH ROW
  WHEN (NEW.room_id IS NOT NULL AND innkeep_holds_room(NEW.status))
  EXECUTE FUNCTION "innkeep_lock_room"();--> statement-breakpoint
CREATE TRIGGER "room_blocks_lock_room" BEFORE INSERT ON "room_blocks"
  FOR EACH ROW EXECUTE FUNCTION "innkeep_lock_room"();--> statement-breakpoint
-- A checked-in guest who leaves a room (check-out, cancel, or a move) leaves it vacant and to be cleaned.
CREATE OR REPLACE FUNCTION "innkeep_room_occupancy"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."status" = 'checked_in' AND OLD."room_id" IS NOT NULL
     AND (NEW."status" <> 'checked_in' OR NEW."room_id" IS DISTINCT FROM OLD."room_id") THEN
    UPDATE "rooms" SET "hk_status" = 'dirty'
    WHERE "property_id" = OLD."property_id" AND "id" = OLD."room_id" AND "hk_status" <> 'dirty';
  END IF;
  IF TG_OP <> 'INSERT' AND OLD."room_id" IS NOT NULL THEN
    PERFORM "innkeep_refresh_room_status"(OLD."property_id", OLD."room_id");
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."room_id" IS NOT NULL
     AND (TG_OP = 'INSERT' OR NEW."room_id" IS DISTINCT FROM OLD."room_id") THEN
    PERFORM "innkeep_refresh_room_status"(NEW."property_id", NEW."room_id");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Balance = total − payments that are not void, kept by the database whoever writes.
CREATE FUNCTION "innkeep_balance"(p_property uuid, p_reservation uuid, p_total numeric) RETURNS numeric
LANGUAGE sql STABLE AS $$
  SELECT p_total - coalesce(sum("amount"), 0) FROM "payments"
  WHERE "property_id" = p_property AND "reservation_id" = p_reservation AND "voided_at" IS NULL
$$;--> statement-breakpoint
CREATE FUNCTION "innkeep_reservation_balance"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."balance" := innkeep_balance(NEW."property_id", NEW."id", NEW."total");
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "reservations_balance" BEFORE INSERT OR UPDATE OF "total", "balance" ON "reservations"
  FOR EACH ROW EXECUTE FUNCTION "innkeep_reservation_balance"();--> statement-breakpoint
-- The stay's row is locked before its balance is recomputed, so two payments at once each see the other.
CREATE FUNCTION "innkeep_payment_balance"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- NO KEY UPDATE: the payment's foreign key already holds KEY SHARE on this row, which FOR UPDATE would
  -- wait on (two payments at once would deadlock); this lock queues the writers without that.
  PERFORM 1 FROM "reservations" WHERE "property_id" = NEW."property_id" AND "id" = NEW."reservation_id" FOR NO KEY UPDATE;
  UPDATE "reservations" SET "balance" = innkeep_balance("property_id", "id", "total")
  WHERE "property_id" = NEW."property_id" AND "id" = NEW."reservation_id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "payments_balance" AFTER INSERT OR UPDATE OF "voided_at" ON "payments"
  FOR EACH ROW EXECUTE FUNCTION "innkeep_payment_balance"();--> statement-breakpoint
-- A payment is never edited: only voided, once.
CREATE FUNCTION "innkeep_payment_void_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."voided_at" IS NOT NULL OR NEW."voided_at" IS NULL
     OR (NEW."id", NEW."property_id", NEW."reservation_id", NEW."amount", NEW."method", NEW."note", NEW."created_at")
        IS DISTINCT FROM (OLD."id", OLD."property_id", OLD."reservation_id", OLD."amount", OLD."method", OLD."note", OLD."created_at") THEN
    RAISE EXCEPTION 'a payment can only be voided, once' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "payments_void_only" BEFORE UPDATE ON "payments"
  FOR EACH ROW EXECUTE FUNCTION "innkeep_payment_void_only"();--> statement-breakpoint
CREATE TRIGGER "room_blocks_notify" AFTER INSERT OR DELETE ON "room_blocks"
  FOR EACH ROW EXECUTE FUNCTION "innkeep_notify_change"();--> statement-breakpoint
CREATE TRIGGER "payments_notify" AFTER INSERT OR UPDATE ON "payments"
  FOR EACH ROW EXECUTE FUNCTION "innkeep_notify_change"();--> statement-breakpoint
CREATE INDEX "room_blocks_property_dates_idx" ON "room_blocks" USING gist ("property_id", daterange("start_date", "end_date", '[)'));
