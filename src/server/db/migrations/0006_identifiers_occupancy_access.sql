-- Room numbers are identifiers people read aloud: NFKC-normalised, trimmed, and free of invisible characters
-- (controls, format characters such as zero-width spaces and bidi controls, line/paragraph separators), so
-- "101", full-width "１０１" and "101" + U+200B cannot be three rooms. Same rule as `src/domain/text.ts`
-- (the class below is Unicode's Cc, Cf, Zl and Zp; `db/rules.test.ts` checks every code point against it).
CREATE FUNCTION "innkeep_has_invisible"(value text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT value ~ U&'[\0001-\001F\007F-\009F\00AD\0600-\0605\061C\06DD\070F\0890-\0891\08E2\180E\200B-\200F\2028-\202E\2060-\2064\2066-\206F\FEFF\FFF9-\FFFB\+0110BD\+0110CD\+013430-\+01343F\+01BCA0-\+01BCA3\+01D173-\+01D17A\+0E0001\+0E0020-\+0E007F]'
$$;
--> statement-breakpoint
-- NOT VALID: rows written before this rule are kept as they are; every new or changed row is checked.
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_number_identifier_check" CHECK (
  "number" = btrim(normalize("number", NFKC)) AND NOT "innkeep_has_invisible"("number")
) NOT VALID;
--> statement-breakpoint
-- A room is occupied exactly while one of its stays is checked in. Derived here from the room's stays, not
-- from the one stay that changed: cancelling a second stay of the room must not vacate it while the first
-- guest is still in house. Runs only when a checked-in stay appears, leaves or changes room.
CREATE FUNCTION "innkeep_refresh_room_status"(p_property uuid, p_room uuid) RETURNS void LANGUAGE sql AS $$
  UPDATE "rooms" r SET "status" = s.status
  FROM (SELECT CASE WHEN EXISTS (
          SELECT 1 FROM "reservations"
          WHERE "property_id" = p_property AND "room_id" = p_room AND "status" = 'checked_in'
        ) THEN 'occupied' ELSE 'vacant' END AS status) s
  WHERE r."property_id" = p_property AND r."id" = p_room AND r."status" <> s.status;
$$;
--> statement-breakpoint
CREATE FUNCTION "innkeep_room_occupancy"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."room_id" IS NOT NULL THEN
    PERFORM "innkeep_refresh_room_status"(OLD."property_id", OLD."room_id");
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."room_id" IS NOT NULL
     AND (TG_OP = 'INSERT' OR NEW."room_id" IS DISTINCT FROM OLD."room_id") THEN
    PERFORM "innkeep_refresh_room_status"(NEW."property_id", NEW."room_id");
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "reservations_room_occupancy_update" AFTER UPDATE OF "status", "room_id" ON "reservations"
  FOR EACH ROW WHEN (OLD."status" = 'checked_in' OR NEW."status" = 'checked_in')
  EXECUTE FUNCTION "innkeep_room_occupancy"();
--> statement-breakpoint
CREATE TRIGGER "reservations_room_occupancy_insert" AFTER INSERT ON "reservations"
  FOR EACH ROW WHEN (NEW."status" = 'checked_in')
  EXECUTE FUNCTION "innkeep_room_occupancy"();
--> statement-breakpoint
CREATE TRIGGER "reservations_room_occupancy_delete" AFTER DELETE ON "reservations"
  FOR EACH ROW WHEN (OLD."status" = 'checked_in')
  EXECUTE FUNCTION "innkeep_room_occupancy"();
--> statement-breakpoint
-- Announce lost access on the change channel, so every instance ends the live streams it no longer may
-- serve: a deleted session (logout, cleanup) and a membership removed or changed.
CREATE FUNCTION "innkeep_notify_access_revoked"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('innkeep_changes', json_build_object('revoked', 'session', 'tokenHash', OLD."token_hash")::text);
  ELSE
    PERFORM pg_notify('innkeep_changes', json_build_object(
      'revoked', 'member', 'propertyId', OLD."property_id", 'userId', OLD."user_id")::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_access_revoked" AFTER DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "innkeep_notify_access_revoked"();
--> statement-breakpoint
CREATE TRIGGER "property_members_access_revoked" AFTER DELETE OR UPDATE ON "property_members"
  FOR EACH ROW EXECUTE FUNCTION "innkeep_notify_access_revoked"();
