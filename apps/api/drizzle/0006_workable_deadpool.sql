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
ALTER TABLE "sessions" ADD COLUMN "reauthenticated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "contact_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_freeze_tokens" ADD CONSTRAINT "account_freeze_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_freeze_tokens_hash_unique" ON "account_freeze_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "account_freeze_tokens_user_idx" ON "account_freeze_tokens" USING btree ("user_id");