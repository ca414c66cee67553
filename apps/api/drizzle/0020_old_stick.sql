ALTER TYPE "public"."account_kind" ADD VALUE 'exit_escrow';--> statement-breakpoint
ALTER TABLE "exit_offers" ADD COLUMN "appraisal_minor" bigint;--> statement-breakpoint
ALTER TABLE "exit_offers" ADD COLUMN "appraisal_flagged" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exit_offers" ADD COLUMN "funds_received_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "exit_offers" ADD COLUMN "approved_by" uuid;--> statement-breakpoint
ALTER TABLE "exit_offers" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exit_offers" ADD COLUMN "flag_acknowledged" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exit_offers" ADD CONSTRAINT "exit_offers_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exit_offers" ADD CONSTRAINT "exit_offers_four_eyes" CHECK ("exit_offers"."approved_by" IS NULL OR "exit_offers"."approved_by" <> "exit_offers"."recorded_by");--> statement-breakpoint
ALTER TABLE "exit_offers" ADD CONSTRAINT "exit_offers_approval_shape" CHECK (("exit_offers"."approved_by" IS NULL) = ("exit_offers"."approved_at" IS NULL));--> statement-breakpoint
ALTER TABLE "exit_offers" ADD CONSTRAINT "exit_offers_funds_valid" CHECK ("exit_offers"."funds_received_minor" >= 0);--> statement-breakpoint
-- Exits settled before issue 26 had no second approval nor recorded funds: NOT VALID keeps them as history and holds
-- every row written from now on.
ALTER TABLE "exit_offers" ADD CONSTRAINT "exit_offers_settled_approved" CHECK ("exit_offers"."status"::text <> 'accepted' OR ("exit_offers"."approved_by" IS NOT NULL
        AND "exit_offers"."funds_received_minor" >= "exit_offers"."amount_minor"
        AND (NOT "exit_offers"."appraisal_flagged" OR "exit_offers"."flag_acknowledged"))) NOT VALID;--> statement-breakpoint
-- Withdrawals decided before issue 26 stay as history (NOT VALID); every row written from now on is held to it.
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_not_own" CHECK (("withdrawals"."decided_by" IS NULL OR "withdrawals"."status"::text = 'REJECTED' OR "withdrawals"."decided_by" <> "withdrawals"."user_id")
        AND ("withdrawals"."released_by" IS NULL OR "withdrawals"."released_by" <> "withdrawals"."user_id")) NOT VALID;