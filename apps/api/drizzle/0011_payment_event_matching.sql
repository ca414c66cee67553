ALTER TABLE "payment_events" ADD COLUMN "payment_ref" text;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "amount_minor" bigint;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "currency" "currency";--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "purchase_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_events_purchase_idx" ON "payment_events" USING btree ("purchase_id");