CREATE TABLE "emails" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"reservation_id" uuid,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"attachment" jsonb,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_owner" uuid,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "emails_pkey" PRIMARY KEY("property_id","id"),
	CONSTRAINT "emails_status_check" CHECK ("emails"."status" in ('queued', 'sent', 'failed', 'kept')),
	CONSTRAINT "emails_kind_check" CHECK ("emails"."kind" in ('booking_confirmation', 'cancellation', 'invoice')),
	CONSTRAINT "emails_attempts_check" CHECK ("emails"."attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "emails" ADD CONSTRAINT "emails_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "emails_property_created_idx" ON "emails" USING btree ("property_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "emails_reservation_idx" ON "emails" USING btree ("property_id","reservation_id");--> statement-breakpoint
CREATE INDEX "emails_due_idx" ON "emails" USING btree ("next_attempt_at") WHERE "emails"."status" = 'queued';