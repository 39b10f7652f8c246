CREATE TABLE "folio_charges" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"reservation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"date" date NOT NULL,
	"product_id" uuid,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" numeric(15, 3) NOT NULL,
	"tax_rate_id" uuid,
	"tax_name" text DEFAULT '' NOT NULL,
	"percent" numeric(6, 3) DEFAULT '0' NOT NULL,
	"net" numeric(15, 3) NOT NULL,
	"tax" numeric(15, 3) NOT NULL,
	"gross" numeric(15, 3) NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"voided_at" timestamp with time zone,
	"voided_by" uuid,
	CONSTRAINT "folio_charges_pkey" PRIMARY KEY("property_id","id"),
	CONSTRAINT "folio_charges_kind_check" CHECK ("folio_charges"."kind" in ('extra', 'adjustment')),
	CONSTRAINT "folio_charges_quantity_check" CHECK ("folio_charges"."quantity" >= 1),
	CONSTRAINT "folio_charges_amounts_check" CHECK ("folio_charges"."net" + "folio_charges"."tax" = "folio_charges"."gross"),
	CONSTRAINT "folio_charges_percent_check" CHECK ("folio_charges"."percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"property_id" uuid NOT NULL,
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "invoice_counters_pkey" PRIMARY KEY("property_id","series","year"),
	CONSTRAINT "invoice_counters_series_check" CHECK ("invoice_counters"."series" in ('invoice', 'credit_note'))
);
--> statement-breakpoint
CREATE TABLE "invoiced_lines" (
	"property_id" uuid NOT NULL,
	"reservation_id" uuid NOT NULL,
	"line_key" text NOT NULL,
	"invoice_id" uuid NOT NULL,
	CONSTRAINT "invoiced_lines_pkey" PRIMARY KEY("property_id","reservation_id","line_key")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"number" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'issued' NOT NULL,
	"issue_date" date NOT NULL,
	"reservation_id" uuid NOT NULL,
	"credited_invoice_id" uuid,
	"credit_note_id" uuid,
	"search_text" text NOT NULL,
	"gross" numeric(15, 3) NOT NULL,
	"payments" numeric(15, 3) NOT NULL,
	"document" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_pkey" PRIMARY KEY("property_id","id"),
	CONSTRAINT "invoices_property_number_key" UNIQUE("property_id","number"),
	CONSTRAINT "invoices_kind_check" CHECK ("invoices"."kind" in ('invoice', 'credit_note')),
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('issued', 'credited'))
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"name" text NOT NULL,
	"price" numeric(15, 3) NOT NULL,
	"tax_rate_id" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_pkey" PRIMARY KEY("property_id","id"),
	CONSTRAINT "products_price_check" CHECK ("products"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"name" text NOT NULL,
	"percent" numeric(6, 3) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_rates_pkey" PRIMARY KEY("property_id","id"),
	CONSTRAINT "tax_rates_percent_check" CHECK ("tax_rates"."percent" between 0 and 100)
);
--> statement-breakpoint
-- The balance trigger names the column; it is made again below, watching the folio's inputs too.
DROP TRIGGER "reservations_balance" ON "reservations";--> statement-breakpoint
ALTER TABLE "reservations" ALTER COLUMN "balance" SET DATA TYPE numeric(15, 3);--> statement-breakpoint
ALTER TABLE "room_types" ADD COLUMN "tax_rate_id" uuid;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "prices_include_tax" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "legal_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "tax_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "invoice_prefix" text DEFAULT 'INV-' NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "city_tax_per_adult_per_night" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "city_tax_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "currency_digits" smallint;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "kind" text DEFAULT 'payment' NOT NULL;--> statement-breakpoint
-- A payment's date is the property's date when it was taken.
ALTER TABLE "payments" ADD COLUMN "date" date;--> statement-breakpoint
UPDATE "payments" p SET "date" = (p."created_at" AT TIME ZONE pr."time_zone")::date
FROM "properties" pr WHERE pr."id" = p."property_id";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "date" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "folio_total" numeric(15, 3) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "folio_charges" ADD CONSTRAINT "folio_charges_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folio_charges" ADD CONSTRAINT "folio_charges_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folio_charges" ADD CONSTRAINT "folio_charges_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folio_charges" ADD CONSTRAINT "folio_charges_reservation_fk" FOREIGN KEY ("property_id","reservation_id") REFERENCES "public"."reservations"("property_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoiced_lines" ADD CONSTRAINT "invoiced_lines_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoiced_lines" ADD CONSTRAINT "invoiced_lines_reservation_fk" FOREIGN KEY ("property_id","reservation_id") REFERENCES "public"."reservations"("property_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tax_rate_fk" FOREIGN KEY ("property_id","tax_rate_id") REFERENCES "public"."tax_rates"("property_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_rates" ADD CONSTRAINT "tax_rates_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "folio_charges_reservation_idx" ON "folio_charges" USING btree ("property_id","reservation_id");--> statement-breakpoint
CREATE INDEX "invoiced_lines_invoice_idx" ON "invoiced_lines" USING btree ("property_id","invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_property_issue_idx" ON "invoices" USING btree ("property_id","issue_date" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "invoices_property_reservation_idx" ON "invoices" USING btree ("property_id","reservation_id");--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_city_tax_check" CHECK ("properties"."city_tax_per_adult_per_night" >= 0);--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_currency_digits_check" CHECK ("properties"."currency_digits" between 0 and 4);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_kind_check" CHECK ("payments"."kind" in ('payment', 'refund'));--> statement-breakpoint
-- Hand-written from here.
-- A rate that room types are taxed at is refused too (409 in_use); declared here because the tables' files
-- would import each other.
ALTER TABLE "room_types" ADD CONSTRAINT "room_types_tax_rate_fk" FOREIGN KEY ("property_id","tax_rate_id") REFERENCES "public"."tax_rates"("property_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint

-- One line's tax, rounded half away from zero (numeric round does) to the currency's minor unit: the
-- database's copy of src/domain/tax.ts `lineAmounts`, which src/server/db/folio-rules.test.ts compares.
CREATE FUNCTION "innkeep_line_tax"(p_amount numeric, p_percent numeric, p_inclusive boolean, p_digits integer)
RETURNS numeric LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF p_percent IS NULL OR p_percent = 0 THEN RETURN 0; END IF;
  IF p_inclusive THEN RETURN round(p_amount * p_percent / (100 + p_percent), p_digits); END IF;
  RETURN round(p_amount * p_percent / 100, p_digits);
END
$$;--> statement-breakpoint

-- A stay's folio total: the gross of its nights (taxed at its room type's rate, under the property's tax
-- mode), its city tax (adults × nights × the rate, untaxed) and the charges posted to it that are not void
-- (each keeps the gross it was posted with). src/server/modules/folio/build.ts lays out the same lines.
CREATE FUNCTION "innkeep_folio_total"(p_property uuid, p_reservation uuid, p_room_type uuid, p_rates numeric[],
                                      p_adults integer)
RETURNS numeric LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_inclusive boolean;
  v_digits integer;
  v_city numeric;
  v_percent numeric;
  v_rooms numeric;
BEGIN
  SELECT "prices_include_tax", coalesce("currency_digits", 2), "city_tax_per_adult_per_night"
    INTO v_inclusive, v_digits, v_city
  FROM "properties" WHERE "id" = p_property;
  IF v_inclusive IS NOT DISTINCT FROM false THEN
    SELECT t."percent" INTO v_percent FROM "room_types" rt
    JOIN "tax_rates" t ON t."property_id" = rt."property_id" AND t."id" = rt."tax_rate_id"
    WHERE rt."property_id" = p_property AND rt."id" = p_room_type;
  END IF;
  SELECT coalesce(sum(r.rate + innkeep_line_tax(r.rate, v_percent, false, v_digits)), 0) INTO v_rooms
  FROM unnest(p_rates) AS r(rate);
  RETURN v_rooms + coalesce(v_city, 0) * p_adults * cardinality(p_rates)
    + (SELECT coalesce(sum("gross"), 0) FROM "folio_charges"
       WHERE "property_id" = p_property AND "reservation_id" = p_reservation AND "voided_at" IS NULL);
END
$$;--> statement-breakpoint

-- Balance = folio total − payments that are not void, a refund counting back.
CREATE OR REPLACE FUNCTION "innkeep_balance"(p_property uuid, p_reservation uuid, p_total numeric)
RETURNS numeric LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN p_total - (SELECT coalesce(sum(CASE WHEN "kind" = 'refund' THEN -"amount" ELSE "amount" END), 0)
                    FROM "payments"
                    WHERE "property_id" = p_property AND "reservation_id" = p_reservation AND "voided_at" IS NULL);
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "innkeep_reservation_balance"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."folio_total" := innkeep_folio_total(NEW."property_id", NEW."id", NEW."room_type_id", NEW."nightly_rates",
                                           NEW."adults");
  NEW."balance" := innkeep_balance(NEW."property_id", NEW."id", NEW."folio_total");
  RETURN NEW;
END
$$;--> statement-breakpoint
-- Whatever moves the folio: its nights and their prices, the adults (city tax), the room type (its tax
-- rate); touching `balance` recomputes both (a charge, a payment, a change of the property's tax settings).
CREATE TRIGGER "reservations_balance"
  BEFORE INSERT OR UPDATE OF "total", "balance", "nightly_rates", "adults", "room_type_id", "folio_total"
  ON "reservations" FOR EACH ROW EXECUTE FUNCTION "innkeep_reservation_balance"();--> statement-breakpoint
-- A charge posted or voided moves the stay's folio total as a payment moves its balance (the same locking).
CREATE TRIGGER "folio_charges_balance" AFTER INSERT OR UPDATE OF "voided_at" ON "folio_charges"
  FOR EACH ROW EXECUTE FUNCTION "innkeep_payment_balance"();--> statement-breakpoint

-- A payment is never edited: only voided, once (its kind and date included).
CREATE OR REPLACE FUNCTION "innkeep_payment_void_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('innkeep.erasing', true) = 'on'
     AND (NEW."id", NEW."property_id", NEW."reservation_id", NEW."amount", NEW."kind", NEW."method", NEW."date",
          NEW."created_at", NEW."created_by", NEW."voided_at", NEW."voided_by")
       IS NOT DISTINCT FROM (OLD."id", OLD."property_id", OLD."reservation_id", OLD."amount", OLD."kind",
          OLD."method", OLD."date", OLD."created_at", OLD."created_by", OLD."voided_at", OLD."voided_by") THEN
    RETURN NEW;
  END IF;
  IF OLD."voided_at" IS NOT NULL OR NEW."voided_at" IS NULL
     OR (NEW."id", NEW."property_id", NEW."reservation_id", NEW."amount", NEW."kind", NEW."method", NEW."date",
         NEW."note", NEW."created_at")
        IS DISTINCT FROM (OLD."id", OLD."property_id", OLD."reservation_id", OLD."amount", OLD."kind",
         OLD."method", OLD."date", OLD."note", OLD."created_at") THEN
    RAISE EXCEPTION 'a payment can only be voided, once' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint

-- A folio line is never edited: only voided, once.
CREATE FUNCTION "innkeep_charge_void_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."voided_at" IS NOT NULL OR NEW."voided_at" IS NULL
     OR (NEW."id", NEW."property_id", NEW."reservation_id", NEW."kind", NEW."date", NEW."product_id",
         NEW."description", NEW."quantity", NEW."unit_price", NEW."tax_rate_id", NEW."tax_name", NEW."percent",
         NEW."net", NEW."tax", NEW."gross", NEW."created_at")
        IS DISTINCT FROM (OLD."id", OLD."property_id", OLD."reservation_id", OLD."kind", OLD."date",
         OLD."product_id", OLD."description", OLD."quantity", OLD."unit_price", OLD."tax_rate_id", OLD."tax_name",
         OLD."percent", OLD."net", OLD."tax", OLD."gross", OLD."created_at") THEN
    RAISE EXCEPTION 'a folio line can only be voided, once' USING ERRCODE = 'check_violation',
      CONSTRAINT = 'folio_charges_void_only';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "folio_charges_void_only" BEFORE UPDATE ON "folio_charges"
  FOR EACH ROW EXECUTE FUNCTION "innkeep_charge_void_only"();--> statement-breakpoint

-- An issued document is never changed or deleted (tax law): the only change is marking an invoice credited,
-- once, naming its credit note. Deleting the property takes its documents with it.
CREATE FUNCTION "innkeep_invoice_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF innkeep_property_gone(OLD."property_id") THEN RETURN OLD; END IF;
    RAISE EXCEPTION 'invoice % is issued and cannot be deleted', OLD."number"
      USING ERRCODE = 'check_violation', CONSTRAINT = 'invoices_immutable';
  END IF;
  IF OLD."kind" = 'invoice' AND OLD."status" = 'issued' AND NEW."status" = 'credited'
     AND OLD."credit_note_id" IS NULL AND NEW."credit_note_id" IS NOT NULL
     AND (NEW."id", NEW."property_id", NEW."number", NEW."kind", NEW."issue_date", NEW."reservation_id",
          NEW."credited_invoice_id", NEW."search_text", NEW."gross", NEW."payments", NEW."document",
          NEW."created_by", NEW."created_at")
       IS NOT DISTINCT FROM (OLD."id", OLD."property_id", OLD."number", OLD."kind", OLD."issue_date",
          OLD."reservation_id", OLD."credited_invoice_id", OLD."search_text", OLD."gross", OLD."payments",
          OLD."document", OLD."created_by", OLD."created_at") THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'invoice % is issued and cannot be changed', OLD."number"
    USING ERRCODE = 'check_violation', CONSTRAINT = 'invoices_immutable';
END
$$;--> statement-breakpoint
CREATE TRIGGER "invoices_immutable" BEFORE UPDATE OR DELETE ON "invoices"
  FOR EACH ROW EXECUTE FUNCTION "innkeep_invoice_immutable"();--> statement-breakpoint

-- Every stay's folio total and balance under the new rule (the same amounts while nothing is taxed extra).
UPDATE "reservations" SET "balance" = "balance";
