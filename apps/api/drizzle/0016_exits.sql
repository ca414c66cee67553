CREATE TYPE "public"."exit_offer_status" AS ENUM('recorded', 'voting', 'accepted', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."exit_vote_choice" AS ENUM('accept', 'reject');--> statement-breakpoint
ALTER TYPE "public"."part_holder_kind" ADD VALUE 'exited';--> statement-breakpoint
CREATE TABLE "exit_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"painting_id" uuid NOT NULL,
	"buyer_name" text NOT NULL,
	"currency" "currency" NOT NULL,
	"amount_minor" bigint NOT NULL,
	"fee_minor" bigint NOT NULL,
	"quorum_bps" integer NOT NULL,
	"majority_bps" integer NOT NULL,
	"status" "exit_offer_status" DEFAULT 'recorded' NOT NULL,
	"vote_opens_at" timestamp with time zone,
	"vote_closes_at" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"first_sale_minor" bigint,
	"recorded_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exit_offers_amounts_valid" CHECK ("exit_offers"."amount_minor" > 0 AND "exit_offers"."fee_minor" >= 0 AND "exit_offers"."fee_minor" < "exit_offers"."amount_minor"),
	CONSTRAINT "exit_offers_terms_valid" CHECK ("exit_offers"."quorum_bps" BETWEEN 1 AND 10000 AND "exit_offers"."majority_bps" BETWEEN 1 AND 10000),
	CONSTRAINT "exit_offers_resolved_shape" CHECK (("exit_offers"."status"::text IN ('accepted', 'rejected')) = ("exit_offers"."resolved_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "exit_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"parts" integer NOT NULL,
	"amount_minor" bigint NOT NULL,
	"cost_basis_minor" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exit_payouts_valid" CHECK ("exit_payouts"."parts" > 0 AND "exit_payouts"."amount_minor" >= 0 AND "exit_payouts"."cost_basis_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "exit_votes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"parts" integer NOT NULL,
	"choice" "exit_vote_choice",
	"voted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exit_votes_parts_positive" CHECK ("exit_votes"."parts" > 0)
);
--> statement-breakpoint
ALTER TABLE "exit_offers" ADD CONSTRAINT "exit_offers_painting_id_paintings_id_fk" FOREIGN KEY ("painting_id") REFERENCES "public"."paintings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exit_offers" ADD CONSTRAINT "exit_offers_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exit_offers" ADD CONSTRAINT "exit_offers_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exit_payouts" ADD CONSTRAINT "exit_payouts_offer_id_exit_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."exit_offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exit_payouts" ADD CONSTRAINT "exit_payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exit_votes" ADD CONSTRAINT "exit_votes_offer_id_exit_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."exit_offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exit_votes" ADD CONSTRAINT "exit_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exit_offers_reference_unique" ON "exit_offers" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "exit_offers_one_in_progress" ON "exit_offers" USING btree ("painting_id") WHERE "exit_offers"."status" IN ('recorded', 'voting');--> statement-breakpoint
CREATE UNIQUE INDEX "exit_offers_one_accepted" ON "exit_offers" USING btree ("painting_id") WHERE "exit_offers"."status" = 'accepted';--> statement-breakpoint
CREATE INDEX "exit_offers_status_idx" ON "exit_offers" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "exit_payouts_unique" ON "exit_payouts" USING btree ("offer_id","user_id");--> statement-breakpoint
CREATE INDEX "exit_payouts_user_idx" ON "exit_payouts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "exit_votes_unique" ON "exit_votes" USING btree ("offer_id","user_id");--> statement-breakpoint
CREATE INDEX "exit_votes_user_idx" ON "exit_votes" USING btree ("user_id");