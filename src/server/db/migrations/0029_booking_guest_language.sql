-- A guest who books on the booking engine has their language on their new profile (decision 047): the
-- language they booked in (public-booking/booking.ts), English (the column's default) when none is sent.
-- A returning guest's language is theirs already: the update on conflict leaves it.
CREATE OR REPLACE FUNCTION "innkeep_create_reservation"(p_stay jsonb, p_entry jsonb, p_guest jsonb, p_email jsonb)
 RETURNS SETOF reservations
 LANGUAGE plpgsql
AS $function$
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
    INSERT INTO "guests" ("property_id", "id", "name", "email", "phone", "country", "language")
    VALUES (g."property_id", g."id", g."name", g."email", g."phone", coalesce(g."country", ''),
            coalesce(g."language", 'en'))
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
$function$;
