CREATE INDEX "activity_property_type_idx" ON "activity" USING btree ("property_id","entity_type","property_seq" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "activity_property_actor_idx" ON "activity" USING btree ("property_id","actor_id","property_seq" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "activity_property_at_idx" ON "activity" USING btree ("property_id","at");