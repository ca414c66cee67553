CREATE TYPE "public"."part_holder_kind" AS ENUM('issuer', 'available', 'reserved', 'member');--> statement-breakpoint
CREATE TYPE "public"."part_lot" AS ENUM('primary', 'secondary');--> statement-breakpoint
CREATE TYPE "public"."payment_method" AS ENUM('card', 'paypal', 'smart_amount');--> statement-breakpoint
CREATE TYPE "public"."purchase_status" AS ENUM('pending', 'paid', 'expired', 'failed');--> statement-breakpoint
ALTER TYPE "public"."code_purpose" ADD VALUE 'purchase';--> statement-breakpoint
ALTER TYPE "public"."code_purpose" ADD VALUE 'withdrawal';--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"purchase_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"painting_id" uuid NOT NULL,
	"holder_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"language" "language" NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"route" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "part_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"movement_id" uuid NOT NULL,
	"painting_id" uuid NOT NULL,
	"holder_kind" "part_holder_kind" NOT NULL,
	"user_id" uuid,
	"lot" "part_lot",
	"purchase_id" uuid,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "part_entries_nonzero" CHECK ("part_entries"."quantity" <> 0),
	CONSTRAINT "part_entries_holder_shape" CHECK (("part_entries"."holder_kind" = 'member') = ("part_entries"."user_id" IS NOT NULL AND "part_entries"."lot" IS NOT NULL)
        AND ("part_entries"."holder_kind" = 'reserved') = ("part_entries"."purchase_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "part_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"painting_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"user_id" uuid NOT NULL,
	"painting_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"currency" "currency" NOT NULL,
	"unit_price_minor" bigint NOT NULL,
	"total_minor" bigint NOT NULL,
	"payment_method" "payment_method" NOT NULL,
	"owner_name" text NOT NULL,
	"language" "language" NOT NULL,
	"status" "purchase_status" DEFAULT 'pending' NOT NULL,
	"provider_ref" text,
	"failure_reason" text,
	"expires_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchases_quantity_positive" CHECK ("purchases"."quantity" > 0),
	CONSTRAINT "purchases_amounts_valid" CHECK ("purchases"."unit_price_minor" > 0 AND "purchases"."total_minor" = "purchases"."unit_price_minor" * "purchases"."quantity")
);
--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_painting_id_paintings_id_fk" FOREIGN KEY ("painting_id") REFERENCES "public"."paintings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_entries" ADD CONSTRAINT "part_entries_movement_id_part_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."part_movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_entries" ADD CONSTRAINT "part_entries_painting_id_paintings_id_fk" FOREIGN KEY ("painting_id") REFERENCES "public"."paintings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_entries" ADD CONSTRAINT "part_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_entries" ADD CONSTRAINT "part_entries_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_movements" ADD CONSTRAINT "part_movements_painting_id_paintings_id_fk" FOREIGN KEY ("painting_id") REFERENCES "public"."paintings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_painting_id_paintings_id_fk" FOREIGN KEY ("painting_id") REFERENCES "public"."paintings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_number_unique" ON "certificates" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_purchase_unique" ON "certificates" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "certificates_user_idx" ON "certificates" USING btree ("user_id","issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_unique" ON "idempotency_keys" USING btree ("user_id","key");--> statement-breakpoint
CREATE INDEX "part_entries_movement_idx" ON "part_entries" USING btree ("movement_id");--> statement-breakpoint
CREATE INDEX "part_entries_painting_holder_idx" ON "part_entries" USING btree ("painting_id","holder_kind");--> statement-breakpoint
CREATE INDEX "part_entries_user_idx" ON "part_entries" USING btree ("user_id","painting_id");--> statement-breakpoint
CREATE INDEX "part_movements_painting_idx" ON "part_movements" USING btree ("painting_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_unique" ON "payment_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_reference_unique" ON "purchases" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_provider_ref_unique" ON "purchases" USING btree ("provider_ref");--> statement-breakpoint
CREATE INDEX "purchases_pending_expiry_idx" ON "purchases" USING btree ("expires_at") WHERE "purchases"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "purchases_user_created_idx" ON "purchases" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_platform_unique" ON "ledger_accounts" USING btree ("kind","currency") WHERE "ledger_accounts"."user_id" IS NULL;