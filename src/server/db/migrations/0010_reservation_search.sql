CREATE INDEX "reservations_property_check_in_idx" ON "reservations" USING btree ("property_id","check_in_date");--> statement-breakpoint
CREATE INDEX "reservations_property_check_out_idx" ON "reservations" USING btree ("property_id","check_out_date");--> statement-breakpoint
CREATE INDEX "reservations_property_status_idx" ON "reservations" USING btree ("property_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Hand-written from here (drizzle-kit cannot express an extension, an operator class on an expression, or GiST
-- over a range expression).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- btree_gin lets the trigram index start with property_id, so a search reads only the property's entries.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
-- The reservation search (`q`): a part of the code, guest name, phone or email. The expression must stay
-- exactly the one `searchText` in src/server/modules/reservations/filters.ts builds (a test checks the plan);
-- the fields are joined by the unit separator (U+001F), which a search may not contain, so no match spans two.
CREATE INDEX "reservations_search_idx" ON "reservations" USING gin (
  "property_id",
  lower("code" || E'\x1f' || "guest_name" || E'\x1f' || "guest_phone" || E'\x1f' || "guest_email") gin_trgm_ops
);--> statement-breakpoint
-- Stays in house on a date (`inHouseOn`), whatever their status: reservations_property_stay_idx leaves out
-- cancelled stays, and a B-tree on either date cannot bound the other.
CREATE INDEX "reservations_property_dates_idx" ON "reservations"
  USING gist ("property_id", daterange("check_in_date", "check_out_date", '[)'));
