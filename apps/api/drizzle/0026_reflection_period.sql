ALTER TYPE "public"."purchase_status" ADD VALUE 'revoked';--> statement-breakpoint
CREATE TABLE "purchase_revocations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purchase_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"refund_to" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" "currency" NOT NULL,
	"period_ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_revocations_amount_positive" CHECK ("purchase_revocations"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchase_revocations" ADD CONSTRAINT "purchase_revocations_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_revocations" ADD CONSTRAINT "purchase_revocations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_revocations_purchase_unique" ON "purchase_revocations" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "purchase_revocations_created_idx" ON "purchase_revocations" USING btree ("created_at");--> statement-breakpoint
-- Issue 30: a revocation is a regulated step's record: append-only, corrected by a new row of another kind, never rewritten.
CREATE FUNCTION purchase_revocations_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'purchase_revocations is append-only' USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER purchase_revocations_no_update_or_delete BEFORE UPDATE OR DELETE ON purchase_revocations
  FOR EACH ROW EXECUTE FUNCTION purchase_revocations_append_only();
