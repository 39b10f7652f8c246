-- Bookings of one room queue on a per-room lock before their row is written. The exclusion constraint
-- `reservations_no_overlap` alone keeps the rule, but when many requests race for the same room (a rush on
-- the last room), their speculative inserts (`ON CONFLICT (property_id, code) DO NOTHING`) each find the
-- others' in-progress rows and wait and retry in turn: under load that took PostgreSQL tens of seconds to
-- sort out. With the lock, the first booking commits and every later one meets a committed overlap at once
-- (409). The lock is transaction-scoped (released at commit or rollback); the two-key form keeps it apart
-- from the single-key lock that serialises migrations.
CREATE FUNCTION "innkeep_lock_room"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(1785, hashtext(NEW.room_id::text));
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- Only writes that make a stay hold a room can conflict (keep in sync with `reservations_no_overlap`).
CREATE TRIGGER "reservations_lock_room" BEFORE INSERT OR UPDATE OF "room_id", "status", "check_in_date", "check_out_date"
  ON "reservations" FOR EACH ROW
  WHEN (NEW.room_id IS NOT NULL AND NEW.status IN ('booked', 'checked_in'))
  EXECUTE FUNCTION "innkeep_lock_room"();
