CREATE TABLE "room_nights" (
	"property_id" uuid NOT NULL,
	"night" date NOT NULL,
	"room_type_id" uuid,
	"sold" integer NOT NULL,
	CONSTRAINT "room_nights_property_night_type_key" UNIQUE NULLS NOT DISTINCT("property_id","night","room_type_id"),
	CONSTRAINT "room_nights_sold_check" CHECK ("room_nights"."sold" >= 0)
);
--> statement-breakpoint
ALTER TABLE "room_nights" ADD CONSTRAINT "room_nights_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_nights" ADD CONSTRAINT "room_nights_room_type_fk" FOREIGN KEY ("property_id","room_type_id") REFERENCES "public"."room_types"("property_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written from here: keep room_nights equal to the nights of the stays that are not cancelled, in the
-- transaction that changes the stay, whoever writes it. Nights are touched in ascending order, so two
-- transactions that share nights wait for each other instead of deadlocking.
CREATE FUNCTION "innkeep_room_nights_add"(p_property uuid, p_type uuid, p_from date, p_to date, p_delta integer)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO "room_nights" ("property_id", "night", "room_type_id", "sold")
  SELECT p_property, d::date, p_type, p_delta
  FROM generate_series(p_from::timestamp, (p_to - 1)::timestamp, interval '1 day') AS d
  ORDER BY 2
  ON CONFLICT ("property_id", "night", "room_type_id") DO UPDATE SET "sold" = "room_nights"."sold" + excluded."sold"
$$;
--> statement-breakpoint
-- A plain UPDATE, not an upsert: when a property is deleted its room_nights may already be gone, and then
-- there is nothing to take away.
CREATE FUNCTION "innkeep_room_nights_remove"(p_property uuid, p_type uuid, p_from date, p_to date)
RETURNS void LANGUAGE sql AS $$
  UPDATE "room_nights" SET "sold" = "sold" - 1
  WHERE "property_id" = p_property AND "room_type_id" IS NOT DISTINCT FROM p_type
    AND "night" >= p_from AND "night" < p_to
$$;
--> statement-breakpoint
CREATE FUNCTION "innkeep_room_nights_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status <> 'cancelled' AND NEW.status <> 'cancelled'
     AND NEW.property_id = OLD.property_id AND NEW.room_type_id IS NOT DISTINCT FROM OLD.room_type_id
     AND NEW.check_in_date = OLD.check_in_date AND NEW.check_out_date = OLD.check_out_date THEN
    RETURN NULL; -- check-in, check-out, a new balance: the same nights are sold
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status <> 'cancelled' THEN
    PERFORM "innkeep_room_nights_remove"(OLD.property_id, OLD.room_type_id, OLD.check_in_date, OLD.check_out_date);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status <> 'cancelled' THEN
    PERFORM "innkeep_room_nights_add"(NEW.property_id, NEW.room_type_id, NEW.check_in_date, NEW.check_out_date, 1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "reservations_room_nights" AFTER INSERT OR UPDATE OR DELETE ON "reservations"
  FOR EACH ROW EXECUTE FUNCTION "innkeep_room_nights_sync"();
--> statement-breakpoint
-- Existing stays.
INSERT INTO "room_nights" ("property_id", "night", "room_type_id", "sold")
SELECT r.property_id, d::date, r.room_type_id, count(*)::integer
FROM "reservations" r
CROSS JOIN LATERAL generate_series(r.check_in_date::timestamp, (r.check_out_date - 1)::timestamp, interval '1 day') AS d
WHERE r.status <> 'cancelled'
GROUP BY 1, 2, 3;
