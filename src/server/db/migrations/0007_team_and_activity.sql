CREATE TABLE "activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "activity_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"property_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" uuid,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitations_property_email_key" UNIQUE("property_id","email"),
	CONSTRAINT "invitations_role_check" CHECK ("invitations"."role" in ('manager', 'front_desk', 'housekeeping')),
	CONSTRAINT "invitations_email_check" CHECK ("invitations"."email" = lower(btrim("invitations"."email")))
);
--> statement-breakpoint
ALTER TABLE "property_members" DROP CONSTRAINT "property_members_role_check";--> statement-breakpoint
-- Hand-written: the seed's "staff" role is the front desk's.
UPDATE "property_members" SET "role" = 'front_desk' WHERE "role" = 'staff';--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_property_seq_idx" ON "activity" USING btree ("property_id","seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_property_entity_idx" ON "activity" USING btree ("property_id","entity_id","seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invitations_email_idx" ON "invitations" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "property_members_one_owner" ON "property_members" USING btree ("property_id") WHERE "property_members"."role" = 'owner';--> statement-breakpoint
ALTER TABLE "property_members" ADD CONSTRAINT "property_members_role_check" CHECK ("property_members"."role" in ('owner', 'manager', 'front_desk', 'housekeeping'));--> statement-breakpoint
-- Hand-written: announce team and activity changes on the change channel, like every property table.
-- Memberships have no id of their own; the member's user id names the row.
CREATE OR REPLACE FUNCTION "innkeep_notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rec record;
  pid uuid;
  rid uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN rec := OLD; ELSE rec := NEW; END IF;
  IF TG_TABLE_NAME = 'properties' THEN pid := rec.id; ELSE pid := rec.property_id; END IF;
  IF TG_TABLE_NAME = 'property_members' THEN rid := rec.user_id; ELSE rid := rec.id; END IF;
  PERFORM pg_notify('innkeep_changes', json_build_object(
    'propertyId', pid, 'table', TG_TABLE_NAME, 'op', lower(TG_OP), 'id', rid)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "property_members_notify" AFTER INSERT OR UPDATE OR DELETE ON "property_members"
  FOR EACH ROW EXECUTE FUNCTION "innkeep_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "invitations_notify" AFTER INSERT OR UPDATE OR DELETE ON "invitations"
  FOR EACH ROW EXECUTE FUNCTION "innkeep_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "activity_notify" AFTER INSERT ON "activity"
  FOR EACH ROW EXECUTE FUNCTION "innkeep_notify_change"();
--> statement-breakpoint
-- Entries are never edited or removed (except with their property).
CREATE FUNCTION "innkeep_activity_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'activity entries are never changed' USING ERRCODE = 'check_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "activity_append_only" BEFORE UPDATE ON "activity"
  FOR EACH ROW EXECUTE FUNCTION "innkeep_activity_append_only"();
