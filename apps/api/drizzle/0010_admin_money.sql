CREATE TYPE "public"."dividend_status" AS ENUM('declared', 'paid');--> statement-breakpoint
CREATE TABLE "member_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dividends" ADD COLUMN "per_part_minor" bigint;--> statement-breakpoint
ALTER TABLE "dividends" ADD COLUMN "status" "dividend_status" DEFAULT 'declared' NOT NULL;--> statement-breakpoint
ALTER TABLE "dividends" ADD COLUMN "approved_by" uuid;--> statement-breakpoint
ALTER TABLE "dividends" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "released_by" uuid;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "creditor_name" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "creditor_iban_encrypted" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "exported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "export_id" text;--> statement-breakpoint
ALTER TABLE "member_notes" ADD CONSTRAINT "member_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_notes" ADD CONSTRAINT "member_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_notes_user_idx" ON "member_notes" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "dividends" ADD CONSTRAINT "dividends_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_released_by_users_id_fk" FOREIGN KEY ("released_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Dividends declared before the approval step were paid at once; withdrawals approved before four eyes were paid out
-- at their approval (released by nobody else).
UPDATE "dividends" SET "status" = 'paid', "paid_at" = "created_at";--> statement-breakpoint
UPDATE "withdrawals" SET "released_at" = "decided_at" WHERE "status" = 'APPROVED';--> statement-breakpoint
ALTER TABLE "dividends" ADD CONSTRAINT "dividends_four_eyes" CHECK ("dividends"."approved_by" IS NULL OR "dividends"."approved_by" <> "dividends"."declared_by");--> statement-breakpoint
ALTER TABLE "dividends" ADD CONSTRAINT "dividends_paid_shape" CHECK (("dividends"."status"::text = 'paid') = ("dividends"."paid_at" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_four_eyes" CHECK ("withdrawals"."released_by" IS NULL OR "withdrawals"."released_by" <> "withdrawals"."decided_by");