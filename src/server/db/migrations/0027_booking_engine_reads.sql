-- The booking engine finds the hotel by its code on every public request (public-booking/property.ts).
CREATE INDEX "properties_code_idx" ON "properties" USING btree ("code","created_at","id");--> statement-breakpoint
-- What the booking engine's offers are worked out from (public-booking/offers.ts), in one snapshot: the room
-- types, their rooms, the nights' use, the overrides and the public plans on sale, with the property's event
-- number that snapshot reflects (offers are kept until the next). A function, so that each connection keeps
-- its statement's plan (PostgreSQL's plan cache: after five searches, a generic plan if it costs no more than
-- planning each search) instead of planning it on every search. Not forced generic: Citus plans a
-- distributed query only for the values given.
CREATE OR REPLACE FUNCTION innkeep_sellable(p_property uuid, p_check_in date, p_check_out date)
  RETURNS TABLE(seq bigint, types text, rooms text, nights text, overrides text, plans text)
  LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
  SELECT
    (SELECT p.event_seq FROM properties p WHERE p.id = p_property),
    (SELECT coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'capacity', t.capacity,
                                                'baseRate', t.base_rate) ORDER BY t.name, t.id), '[]')
     FROM room_types t WHERE t.property_id = p_property)::text,
    (SELECT coalesce(json_agg(json_build_object('type', c.room_type_id, 'rooms', c.n)), '[]')
     FROM (SELECT r.room_type_id, count(*) AS n FROM rooms r WHERE r.property_id = p_property
           GROUP BY r.room_type_id) c)::text,
    (SELECT coalesce(json_agg(json_build_object('night', n.night, 'type', n.room_type_id,
                                                'used', n.held + n.blocked)), '[]')
     FROM room_nights n
     WHERE n.property_id = p_property AND n.night >= p_check_in AND n.night < p_check_out)::text,
    (SELECT coalesce(json_agg(json_build_object('date', o.date, 'roomTypeId', o.room_type_id, 'price', o.price,
                                                'stopSell', o.stop_sell, 'minLOS', o.min_los)), '[]')
     FROM rate_overrides o
     WHERE o.property_id = p_property AND o.date >= p_check_in AND o.date < p_check_out)::text,
    (SELECT coalesce(json_agg(json_build_object('id', rp.id, 'name', rp.name,
                                                'adjustmentPercent', rp.adjustment_percent,
                                                'perAdultPerNight', rp.per_adult_per_night,
                                                'cancellationDays', rp.cancellation_days,
                                                'depositPercent', rp.deposit_percent,
                                                'roomTypeIds', rp.room_type_ids, 'active', rp.active,
                                                'public', rp.public)
                              ORDER BY rp.standard DESC, rp.created_at, rp.id), '[]')
     FROM rate_plans rp WHERE rp.property_id = p_property AND rp.active AND rp.public)::text;
END
$$;
