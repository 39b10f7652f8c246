-- Hand-written: what Drizzle's schema language cannot express.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
-- A room is never held by two overlapping stays. The end date is exclusive ('[)'), so back-to-back stays
-- are allowed. Only booked and checked_in stays hold a room (keep in sync with ROOM_HOLDING_STATUSES).
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_no_overlap"
  EXCLUDE USING gist ("room_id" WITH =, daterange("check_in_date", "check_out_date", '[)') WITH &&)
  WHERE ("room_id" IS NOT NULL AND "status" IN ('booked', 'checked_in'));
--> statement-breakpoint
-- Serves the availability grid and the occupancy report: stays of one property overlapping a window.
CREATE INDEX "reservations_property_stay_idx" ON "reservations"
  USING gist ("property_id", daterange("check_in_date", "check_out_date", '[)'))
  WHERE ("status" <> 'cancelled');
--> statement-breakpoint
CREATE INDEX "rooms_property_id_idx" ON "rooms" ("property_id");
--> statement-breakpoint
CREATE INDEX "room_types_property_id_idx" ON "room_types" ("property_id");
--> statement-breakpoint
-- Announce every committed change of a property's data. NOTIFY is delivered only on commit, so listeners
-- never see a change that was rolled back, whichever process wrote it.
CREATE FUNCTION "innkeep_notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rec record;
  pid uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN rec := OLD; ELSE rec := NEW; END IF;
  IF TG_TABLE_NAME = 'properties' THEN pid := rec.id; ELSE pid := rec.property_id; END IF;
  PERFORM pg_notify('innkeep_changes', json_build_object(
    'propertyId', pid, 'table', TG_TABLE_NAME, 'op', lower(TG_OP), 'id', rec.id)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "properties_notify" AFTER INSERT OR UPDATE OR DELETE ON "properties"
  FOR EACH ROW EXECUTE FUNCTION "innkeep_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "room_types_notify" AFTER INSERT OR UPDATE OR DELETE ON "room_types"
  FOR EACH ROW EXECUTE FUNCTION "innkeep_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "rooms_notify" AFTER INSERT OR UPDATE OR DELETE ON "rooms"
  FOR EACH ROW EXECUTE FUNCTION "innkeep_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "reservations_notify" AFTER INSERT OR UPDATE OR DELETE ON "reservations"
  FOR EACH ROW EXECUTE FUNCTION "innkeep_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "rate_overrides_notify" AFTER INSERT OR UPDATE OR DELETE ON "rate_overrides"
  FOR EACH ROW EXECUTE FUNCTION "innkeep_notify_change"();
