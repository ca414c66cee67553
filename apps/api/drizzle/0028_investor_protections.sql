CREATE TYPE "public"."sophistication_state" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
CREATE TABLE "investor_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"text_version" text NOT NULL,
	"text_hash" text NOT NULL,
	"language" "language" NOT NULL,
	"session_id" uuid,
	"reference" text,
	"amount_minor" bigint,
	"currency" "currency",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "investor_consents_hash" CHECK ("investor_consents"."text_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "investor_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"request_id" uuid,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "investor_events_kind_valid" CHECK ("investor_events"."kind" IN ('category_requested', 'category_approved', 'category_rejected', 'category_expired'))
);
--> statement-breakpoint
CREATE TABLE "investor_knowledge_tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"version" text NOT NULL,
	"language" "language" NOT NULL,
	"answers" jsonb NOT NULL,
	"score" integer NOT NULL,
	"max_score" integer NOT NULL,
	"passed" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "investor_loss_simulations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"currency" "currency" NOT NULL,
	"annual_income_minor" bigint NOT NULL,
	"liquid_assets_minor" bigint NOT NULL,
	"annual_commitments_minor" bigint NOT NULL,
	"net_worth_minor" bigint NOT NULL,
	"loss_capacity_minor" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "investor_loss_simulations_amounts" CHECK ("investor_loss_simulations"."annual_income_minor" >= 0 AND "investor_loss_simulations"."liquid_assets_minor" >= 0 AND "investor_loss_simulations"."annual_commitments_minor" >= 0 AND "investor_loss_simulations"."loss_capacity_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "investor_sophistication_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"criteria" jsonb NOT NULL,
	"statement" text NOT NULL,
	"state" "sophistication_state" DEFAULT 'pending' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "investor_sophistication_requests_decided" CHECK (("investor_sophistication_requests"."state" = 'pending') = ("investor_sophistication_requests"."decided_at" IS NULL) AND ("investor_sophistication_requests"."state" = 'approved') = ("investor_sophistication_requests"."valid_until" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "investor_consents" ADD CONSTRAINT "investor_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investor_events" ADD CONSTRAINT "investor_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investor_events" ADD CONSTRAINT "investor_events_request_id_investor_sophistication_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."investor_sophistication_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investor_events" ADD CONSTRAINT "investor_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investor_knowledge_tests" ADD CONSTRAINT "investor_knowledge_tests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investor_loss_simulations" ADD CONSTRAINT "investor_loss_simulations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investor_sophistication_requests" ADD CONSTRAINT "investor_sophistication_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investor_sophistication_requests" ADD CONSTRAINT "investor_sophistication_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "investor_consents_user_idx" ON "investor_consents" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "investor_consents_reference_idx" ON "investor_consents" USING btree ("user_id","kind","reference");--> statement-breakpoint
CREATE INDEX "investor_events_user_idx" ON "investor_events" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "investor_events_request_kind_unique" ON "investor_events" USING btree ("request_id","kind");--> statement-breakpoint
CREATE INDEX "investor_knowledge_tests_user_idx" ON "investor_knowledge_tests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "investor_loss_simulations_user_idx" ON "investor_loss_simulations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "investor_sophistication_requests_user_idx" ON "investor_sophistication_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "investor_sophistication_requests_queue_idx" ON "investor_sophistication_requests" USING btree ("state","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "investor_sophistication_requests_one_pending" ON "investor_sophistication_requests" USING btree ("user_id") WHERE "investor_sophistication_requests"."state" = 'pending';--> statement-breakpoint
-- Issue 30: what a member answered, declared and acknowledged is append-only; a new answer is a new row.
CREATE FUNCTION investor_records_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER investor_consents_no_update_or_delete BEFORE UPDATE OR DELETE ON investor_consents
  FOR EACH ROW EXECUTE FUNCTION investor_records_append_only();--> statement-breakpoint
CREATE TRIGGER investor_knowledge_tests_no_update_or_delete BEFORE UPDATE OR DELETE ON investor_knowledge_tests
  FOR EACH ROW EXECUTE FUNCTION investor_records_append_only();--> statement-breakpoint
CREATE TRIGGER investor_loss_simulations_no_update_or_delete BEFORE UPDATE OR DELETE ON investor_loss_simulations
  FOR EACH ROW EXECUTE FUNCTION investor_records_append_only();--> statement-breakpoint
CREATE TRIGGER investor_events_no_update_or_delete BEFORE UPDATE OR DELETE ON investor_events
  FOR EACH ROW EXECUTE FUNCTION investor_records_append_only();
