CREATE TABLE "fx_settlements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sold_currency" "currency" NOT NULL,
	"sold_minor" bigint NOT NULL,
	"bought_currency" "currency" NOT NULL,
	"bought_minor" bigint NOT NULL,
	"result_minor" bigint DEFAULT 0 NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"bank_reference" text NOT NULL,
	"settled_on" date NOT NULL,
	"transaction_id" uuid NOT NULL,
	"recorded_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fx_settlements_exchange" CHECK ("fx_settlements"."sold_minor" > 0 AND "fx_settlements"."bought_minor" > 0 AND "fx_settlements"."sold_currency" <> "fx_settlements"."bought_currency")
);
--> statement-breakpoint
-- Issue 32 (decision 270): the valuation method becomes bilingual. Each existing one-language method is copied into
-- both languages (it was written once, in whichever language the operator used); operators translate it later.
ALTER TABLE "painting_valuations" ADD COLUMN "method_en" text;--> statement-breakpoint
ALTER TABLE "painting_valuations" ADD COLUMN "method_fr" text;--> statement-breakpoint
UPDATE "painting_valuations" SET "method_en" = "method", "method_fr" = "method";--> statement-breakpoint
ALTER TABLE "painting_valuations" ALTER COLUMN "method_en" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "painting_valuations" ALTER COLUMN "method_fr" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "fx_settlements" ADD CONSTRAINT "fx_settlements_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fx_settlements" ADD CONSTRAINT "fx_settlements_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fx_settlements_bank_reference_unique" ON "fx_settlements" USING btree ("bank_reference");--> statement-breakpoint
CREATE INDEX "fx_settlements_created_idx" ON "fx_settlements" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "painting_valuations" DROP COLUMN "method";--> statement-breakpoint
-- Hand-written (issue 32): only a settlement that closed the position carries an exchange result.
ALTER TABLE "fx_settlements" ADD CONSTRAINT "fx_settlements_result_when_closed" CHECK ("closed" OR "result_minor" = 0);
