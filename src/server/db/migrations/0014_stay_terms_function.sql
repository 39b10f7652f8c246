-- What a stay is sold on (src/server/modules/reservations/stay-terms.ts), read by every create and edit.
-- As a function so that each connection plans it once (PL/pgSQL keeps its statements' plans): sent as a
-- query it was planned on every call, and planning cost three times what running it did
-- (docs/decisions/027-stay-terms-planned-once.md).
CREATE FUNCTION "innkeep_stay_terms"(p_property uuid, p_room uuid, p_room_type uuid, p_check_in date,
                                     p_check_out date)
RETURNS TABLE ("roomId" uuid, "roomNumber" text, "roomRoomTypeId" uuid, "typeId" uuid, "baseRate" text,
               "capacity" integer, "timeZone" text, "overrides" text)
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
    t.base_rate::text,
    t.capacity,
    (SELECT p.time_zone FROM properties p WHERE p.id = p_property),
    (SELECT coalesce(json_agg(json_build_object('date', o.date, 'roomTypeId', o.room_type_id, 'price', o.price,
                                                'stopSell', o.stop_sell, 'minLOS', o.min_los)), '[]')
     FROM rate_overrides o
     WHERE o.property_id = p_property
       AND o.date >= p_check_in AND o.date < p_check_out
       AND (o.room_type_id IS NULL OR o.room_type_id = c.room_type_id))::text
  FROM chosen c
  LEFT JOIN room_types t ON t.property_id = p_property AND t.id = c.room_type_id;
END
$$;
