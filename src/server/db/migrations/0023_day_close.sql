CREATE TABLE "day_closes" (
	"property_id" uuid NOT NULL,
	"date" date NOT NULL,
	"report" jsonb NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_by" uuid,
	CONSTRAINT "day_closes_pkey" PRIMARY KEY("property_id","date")
);
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "day_close_time" text DEFAULT '03:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "auto_no_show" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "stayover_dirty" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "closed_through" date;--> statement-breakpoint
ALTER TABLE "day_closes" ADD CONSTRAINT "day_closes_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_closes" ADD CONSTRAINT "day_closes_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_day_close_time_check" CHECK ("properties"."day_close_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');--> statement-breakpoint
-- Hand-written from here. Closed means closed (docs/product.md#day-close): nothing dated on or before the
-- property's last closed day changes, whoever writes. Each refusal names the rule `day_closed` (its HINT,
-- which Citus forwards) and says in its DETAIL what was refused; src/server/http/errors.ts answers 409.
CREATE FUNCTION "innkeep_refuse_closed"(p_property uuid, p_date date, p_what text)
RETURNS void LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_closed date;
BEGIN
  SELECT "closed_through" INTO v_closed FROM "properties" WHERE "id" = p_property;
  IF v_closed IS NOT NULL AND p_date <= v_closed THEN
    RAISE EXCEPTION 'day % is closed', to_char(p_date, 'YYYY-MM-DD')
      USING ERRCODE = 'check_violation', CONSTRAINT = 'day_closed', HINT = 'day_closed',
            DETAIL = format('%s is closed: %s. Correct it with a new line dated today.',
                            to_char(p_date, 'YYYY-MM-DD'), p_what);
  END IF;
END
$$;--> statement-breakpoint
-- A line or payment: none dated on a closed day is added, none is voided. (On Citus the trigger runs on a
-- shard, whose table name has a suffix: payments_102040.)
CREATE FUNCTION "innkeep_dated_day_open"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM innkeep_refuse_closed(NEW."property_id", NEW."date",
      CASE WHEN TG_TABLE_NAME LIKE 'payments%' THEN 'no payment can be recorded on it'
           ELSE 'no line can be posted on it' END);
  ELSIF NEW."voided_at" IS DISTINCT FROM OLD."voided_at" THEN
    PERFORM innkeep_refuse_closed(OLD."property_id", OLD."date",
      CASE WHEN TG_TABLE_NAME LIKE 'payments%' THEN 'its payments cannot be voided'
           ELSE 'its lines cannot be voided' END);
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "folio_charges_day_open" BEFORE INSERT OR UPDATE OF "voided_at" ON "folio_charges"
  FOR EACH ROW EXECUTE FUNCTION "innkeep_dated_day_open"();--> statement-breakpoint
CREATE TRIGGER "payments_day_open" BEFORE INSERT OR UPDATE OF "voided_at" ON "payments"
  FOR EACH ROW EXECUTE FUNCTION "innkeep_dated_day_open"();--> statement-breakpoint
-- A stay's nights on or before the last closed day, with their prices, as one comparable text.
CREATE FUNCTION "innkeep_closed_nights"(p_from date, p_rates numeric[], p_through date)
RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN (SELECT coalesce(string_agg(to_char(p_from + (r.i::integer - 1), 'YYYY-MM-DD') || '=' || r.rate::text, ','
                                     ORDER BY r.i), '')
          FROM unnest(p_rates) WITH ORDINALITY AS r(rate, i)
          WHERE p_from + (r.i::integer - 1) <= p_through);
END
$$;--> statement-breakpoint
-- A stay: none is booked with a night on a closed day, and no edit changes such a night or its price.
CREATE FUNCTION "innkeep_stay_day_open"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_closed date;
BEGIN
  SELECT "closed_through" INTO v_closed FROM "properties" WHERE "id" = NEW."property_id";
  IF v_closed IS NULL THEN RETURN NEW; END IF;
  IF TG_OP = 'INSERT' THEN
    IF NEW."check_in_date" <= v_closed THEN
      PERFORM innkeep_refuse_closed(NEW."property_id", NEW."check_in_date", 'no stay can be booked with a night on it');
    END IF;
    RETURN NEW;
  END IF;
  IF (NEW."check_in_date" <= v_closed OR OLD."check_in_date" <= v_closed)
     AND innkeep_closed_nights(NEW."check_in_date", NEW."nightly_rates", v_closed)
         IS DISTINCT FROM innkeep_closed_nights(OLD."check_in_date", OLD."nightly_rates", v_closed) THEN
    PERFORM innkeep_refuse_closed(NEW."property_id", least(NEW."check_in_date", OLD."check_in_date"),
      format('stay %s cannot change its nights on or before it', NEW."code"));
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "reservations_day_open"
  BEFORE INSERT OR UPDATE OF "check_in_date", "check_out_date", "nightly_rates" ON "reservations"
  FOR EACH ROW EXECUTE FUNCTION "innkeep_stay_day_open"();
