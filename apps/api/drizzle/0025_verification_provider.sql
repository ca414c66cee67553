CREATE TABLE "verification_provider_cases" (
	"verification_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"external_user_id" uuid NOT NULL,
	"applicant_id" text,
	"sent_at" timestamp with time zone NOT NULL,
	"session_opened_at" timestamp with time zone,
	"review_status" text,
	"review_answer" text,
	"reject_type" text,
	"checked_at" timestamp with time zone,
	"applied_review_id" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_provider_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"digest" text NOT NULL,
	"type" text NOT NULL,
	"applicant_id" text,
	"raw_body" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "verification_provider_cases" ADD CONSTRAINT "verification_provider_cases_verification_id_verifications_id_fk" FOREIGN KEY ("verification_id") REFERENCES "public"."verifications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_provider_cases" ADD CONSTRAINT "verification_provider_cases_external_user_id_users_id_fk" FOREIGN KEY ("external_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "verification_provider_cases_applicant_unique" ON "verification_provider_cases" USING btree ("provider","applicant_id");--> statement-breakpoint
CREATE INDEX "verification_provider_cases_awaiting_idx" ON "verification_provider_cases" USING btree ("provider","sent_at") WHERE "verification_provider_cases"."decided_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "verification_provider_events_digest_unique" ON "verification_provider_events" USING btree ("provider","digest");--> statement-breakpoint
CREATE INDEX "verification_provider_events_applicant_idx" ON "verification_provider_events" USING btree ("provider","applicant_id");--> statement-breakpoint
-- Issue 29: a provider's webhooks are evidence; stored as received, never rewritten or removed.
CREATE FUNCTION verification_provider_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'verification_provider_events is append-only' USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER verification_provider_events_no_update_or_delete BEFORE UPDATE OR DELETE ON verification_provider_events
  FOR EACH ROW EXECUTE FUNCTION verification_provider_events_append_only();
