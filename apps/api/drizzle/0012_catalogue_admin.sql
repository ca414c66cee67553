CREATE TABLE "painting_valuations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"painting_id" uuid NOT NULL,
	"valued_on" date NOT NULL,
	"value_minor" bigint NOT NULL,
	"currency" "currency" NOT NULL,
	"appraiser" text NOT NULL,
	"method" text NOT NULL,
	"document_key" text,
	"supersedes_id" uuid,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "painting_valuations_value_positive" CHECK ("painting_valuations"."value_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "paintings" DROP CONSTRAINT "paintings_market_valid";--> statement-breakpoint
ALTER TABLE "paintings" ALTER COLUMN "cover_key" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "artist_yearly_stats" ADD COLUMN "record_price_minor" bigint;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD COLUMN "source" text DEFAULT 'seed' NOT NULL;--> statement-breakpoint
ALTER TABLE "paintings" ADD COLUMN "opens_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "paintings" ADD COLUMN "certificate_wording_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "paintings" ADD COLUMN "certificate_wording_fr" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "paintings" ADD COLUMN "entry_fee_minor" bigint;--> statement-breakpoint
ALTER TABLE "paintings" ADD COLUMN "storage_cost_yearly_minor" bigint;--> statement-breakpoint
ALTER TABLE "paintings" ADD COLUMN "insurance_cost_yearly_minor" bigint;--> statement-breakpoint
ALTER TABLE "paintings" ADD COLUMN "exit_fee_minor" bigint;--> statement-breakpoint
ALTER TABLE "paintings" ADD COLUMN "exit_share_bps" integer;--> statement-breakpoint
ALTER TABLE "paintings" ADD COLUMN "custody_place_en" text;--> statement-breakpoint
ALTER TABLE "paintings" ADD COLUMN "custody_place_fr" text;--> statement-breakpoint
ALTER TABLE "paintings" ADD COLUMN "insurer" text;--> statement-breakpoint
ALTER TABLE "paintings" ADD COLUMN "target_holding_years" integer;--> statement-breakpoint
ALTER TABLE "painting_valuations" ADD CONSTRAINT "painting_valuations_painting_id_paintings_id_fk" FOREIGN KEY ("painting_id") REFERENCES "public"."paintings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "painting_valuations" ADD CONSTRAINT "painting_valuations_supersedes_id_painting_valuations_id_fk" FOREIGN KEY ("supersedes_id") REFERENCES "public"."painting_valuations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "painting_valuations" ADD CONSTRAINT "painting_valuations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "painting_valuations_painting_idx" ON "painting_valuations" USING btree ("painting_id","valued_on");--> statement-breakpoint
CREATE UNIQUE INDEX "painting_valuations_supersedes_unique" ON "painting_valuations" USING btree ("supersedes_id");--> statement-breakpoint
ALTER TABLE "paintings" ADD CONSTRAINT "paintings_fees_valid" CHECK (coalesce("paintings"."entry_fee_minor", 0) >= 0 AND coalesce("paintings"."storage_cost_yearly_minor", 0) >= 0
        AND coalesce("paintings"."insurance_cost_yearly_minor", 0) >= 0 AND coalesce("paintings"."exit_fee_minor", 0) >= 0
        AND coalesce("paintings"."exit_share_bps", 0) BETWEEN 0 AND 10000 AND coalesce("paintings"."target_holding_years", 1) > 0);--> statement-breakpoint
ALTER TABLE "paintings" ADD CONSTRAINT "paintings_market_valid" CHECK ("paintings"."market" IN (0, 1, 2, 3, 4));