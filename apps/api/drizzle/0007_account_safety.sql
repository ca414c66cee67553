CREATE TYPE "public"."password_link_purpose" AS ENUM('reset', 'set');--> statement-breakpoint
CREATE TYPE "public"."session_scope" AS ENUM('quick_signup', 'totp_enrolment');--> statement-breakpoint
ALTER TYPE "public"."code_purpose" ADD VALUE 'account_change';--> statement-breakpoint
CREATE TABLE "account_freeze_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"change" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_totp" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"secret_encrypted" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_used_step" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "password_resets" ADD COLUMN "purpose" "password_link_purpose" DEFAULT 'reset' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "scope" "session_scope";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "scope_purchase_id" uuid;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "second_factor_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "reauthenticated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "contact_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_freeze_tokens" ADD CONSTRAINT "account_freeze_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_recovery_codes" ADD CONSTRAINT "operator_recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_totp" ADD CONSTRAINT "operator_totp_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_freeze_tokens_hash_unique" ON "account_freeze_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "account_freeze_tokens_user_idx" ON "account_freeze_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "operator_recovery_codes_hash_unique" ON "operator_recovery_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "operator_recovery_codes_user_idx" ON "operator_recovery_codes" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_scope_purchase_id_purchases_id_fk" FOREIGN KEY ("scope_purchase_id") REFERENCES "public"."purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_one_pending_per_member_work" ON "purchases" USING btree ("user_id","painting_id") WHERE "purchases"."status" = 'pending' AND "purchases"."payment_method" <> 'smart_amount';