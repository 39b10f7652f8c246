-- Take the counter rows of a cancelled or moved stay in ascending night order, as bookings do (their upsert
-- inserts nights in order). A plain UPDATE locks rows in whatever order its plan visits them (a sequential
-- scan follows the heap, which MVCC reshuffles), and two transactions locking shared nights in opposite
-- orders deadlock: PostgreSQL would abort one of them.
CREATE OR REPLACE FUNCTION "innkeep_room_nights_remove"(p_property uuid, p_type uuid, p_from date, p_to date)
RETURNS void LANGUAGE sql AS $$
  SELECT 1 FROM "room_nights"
  WHERE "property_id" = p_property AND "room_type_id" IS NOT DISTINCT FROM p_type
    AND "night" >= p_from AND "night" < p_to
  ORDER BY "night"
  FOR UPDATE;
  UPDATE "room_nights" SET "sold" = "sold" - 1
  WHERE "property_id" = p_property AND "room_type_id" IS NOT DISTINCT FROM p_type
    AND "night" >= p_from AND "night" < p_to;
$$;
