CREATE TYPE "public"."listing_status" AS ENUM('open', 'filled', 'withdrawn');--> statement-breakpoint
CREATE TYPE "public"."withdrawal_status" AS ENUM('PENDING', 'APPROVED', 'REJECTED');--> statement-breakpoint
ALTER TYPE "public"."account_kind" ADD VALUE 'withdrawals_payable';--> statement-breakpoint
ALTER TYPE "public"."part_holder_kind" ADD VALUE 'listed';--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dividend_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dividend_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"parts" integer NOT NULL,
	"amount_minor" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dividend_payments_valid" CHECK ("dividend_payments"."parts" > 0 AND "dividend_payments"."amount_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "dividends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"painting_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"currency" "currency" NOT NULL,
	"total_minor" bigint NOT NULL,
	"record_date" timestamp with time zone NOT NULL,
	"declared_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dividends_total_positive" CHECK ("dividends"."total_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "listings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"seller_id" uuid NOT NULL,
	"painting_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"remaining" integer NOT NULL,
	"unit_price_minor" bigint NOT NULL,
	"status" "listing_status" DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "listings_quantities_valid" CHECK ("listings"."quantity" > 0 AND "listings"."remaining" >= 0 AND "listings"."remaining" <= "listings"."quantity")
);
--> statement-breakpoint
CREATE TABLE "purchase_fills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purchase_id" uuid NOT NULL,
	"listing_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_minor" bigint NOT NULL,
	CONSTRAINT "purchase_fills_quantity_positive" CHECK ("purchase_fills"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"user_id" uuid NOT NULL,
	"currency" "currency" NOT NULL,
	"amount_minor" bigint NOT NULL,
	"payment_method" text NOT NULL,
	"account" text NOT NULL,
	"status" "withdrawal_status" DEFAULT 'PENDING' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_amount_positive" CHECK ("withdrawals"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "part_entries" DROP CONSTRAINT "part_entries_holder_shape";--> statement-breakpoint
ALTER TABLE "purchases" DROP CONSTRAINT "purchases_amounts_valid";--> statement-breakpoint
ALTER TABLE "part_entries" ADD COLUMN "listing_id" uuid;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "market" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dividend_payments" ADD CONSTRAINT "dividend_payments_dividend_id_dividends_id_fk" FOREIGN KEY ("dividend_id") REFERENCES "public"."dividends"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dividend_payments" ADD CONSTRAINT "dividend_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dividends" ADD CONSTRAINT "dividends_painting_id_paintings_id_fk" FOREIGN KEY ("painting_id") REFERENCES "public"."paintings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dividends" ADD CONSTRAINT "dividends_declared_by_users_id_fk" FOREIGN KEY ("declared_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_painting_id_paintings_id_fk" FOREIGN KEY ("painting_id") REFERENCES "public"."paintings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_fills" ADD CONSTRAINT "purchase_fills_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_fills" ADD CONSTRAINT "purchase_fills_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dividend_payments_unique" ON "dividend_payments" USING btree ("dividend_id","user_id");--> statement-breakpoint
CREATE INDEX "dividend_payments_user_idx" ON "dividend_payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "dividends_reference_unique" ON "dividends" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "dividends_painting_year_unique" ON "dividends" USING btree ("painting_id","year");--> statement-breakpoint
CREATE UNIQUE INDEX "listings_reference_unique" ON "listings" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "listings_open_fifo_idx" ON "listings" USING btree ("painting_id","created_at") WHERE "listings"."status" = 'open';--> statement-breakpoint
CREATE INDEX "listings_seller_idx" ON "listings" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "purchase_fills_purchase_idx" ON "purchase_fills" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "purchase_fills_listing_idx" ON "purchase_fills" USING btree ("listing_id");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_reference_unique" ON "withdrawals" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "withdrawals_user_status_idx" ON "withdrawals" USING btree ("user_id","status","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "part_entries" ADD CONSTRAINT "part_entries_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_entries" ADD CONSTRAINT "part_entries_holder_shape" CHECK (("part_entries"."holder_kind"::text = 'member') = ("part_entries"."user_id" IS NOT NULL AND "part_entries"."lot" IS NOT NULL)
        AND ("part_entries"."holder_kind"::text = 'reserved') = ("part_entries"."purchase_id" IS NOT NULL)
        AND ("part_entries"."holder_kind"::text = 'listed') = ("part_entries"."listing_id" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_amounts_valid" CHECK ("purchases"."unit_price_minor" > 0 AND "purchases"."market" IN (2, 3)
        AND ("purchases"."market" = 3 OR "purchases"."total_minor" = "purchases"."unit_price_minor" * "purchases"."quantity"));