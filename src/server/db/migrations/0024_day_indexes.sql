CREATE INDEX "folio_charges_property_date_idx" ON "folio_charges" USING btree ("property_id","date");--> statement-breakpoint
CREATE INDEX "payments_property_date_idx" ON "payments" USING btree ("property_id","date");--> statement-breakpoint
CREATE INDEX "reservations_booked_arrival_idx" ON "reservations" USING btree ("property_id","check_in_date") WHERE "reservations"."status" = 'booked';