CREATE TYPE "public"."bid_status" AS ENUM('open', 'filled', 'cancelled', 'expired');--> statement-breakpoint
ALTER TYPE "public"."account_kind" ADD VALUE 'bid_hold';--> statement-breakpoint
CREATE TABLE "bids" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"buyer_id" uuid NOT NULL,
	"painting_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"remaining" integer NOT NULL,
	"unit_price_minor" bigint NOT NULL,
	"status" "bid_status" DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "bids_quantities_valid" CHECK ("bids"."quantity" > 0 AND "bids"."remaining" >= 0 AND "bids"."remaining" <= "bids"."quantity"
        AND "bids"."unit_price_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "trades" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"painting_id" uuid NOT NULL,
	"bid_id" uuid,
	"listing_id" uuid,
	"buyer_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_minor" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trades_quantity_positive" CHECK ("trades"."quantity" > 0 AND "trades"."unit_price_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_painting_id_paintings_id_fk" FOREIGN KEY ("painting_id") REFERENCES "public"."paintings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_painting_id_paintings_id_fk" FOREIGN KEY ("painting_id") REFERENCES "public"."paintings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_bid_id_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."bids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bids_reference_unique" ON "bids" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "bids_open_price_idx" ON "bids" USING btree ("painting_id","unit_price_minor","created_at") WHERE "bids"."status" = 'open';--> statement-breakpoint
CREATE INDEX "bids_buyer_idx" ON "bids" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE INDEX "bids_open_expiry_idx" ON "bids" USING btree ("expires_at") WHERE "bids"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "trades_reference_unique" ON "trades" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "trades_painting_idx" ON "trades" USING btree ("painting_id","created_at");--> statement-breakpoint
CREATE INDEX "listings_open_price_idx" ON "listings" USING btree ("painting_id","unit_price_minor","created_at") WHERE "listings"."status" = 'open';