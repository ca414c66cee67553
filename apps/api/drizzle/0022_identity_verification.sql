CREATE TYPE "public"."risk_level" AS ENUM('low', 'standard', 'high');--> statement-breakpoint
CREATE TYPE "public"."verification_actor" AS ENUM('member', 'operator', 'system');--> statement-breakpoint
CREATE TYPE "public"."verification_document_kind" AS ENUM('identity_front', 'identity_back', 'proof_of_address');--> statement-breakpoint
CREATE TYPE "public"."verification_state" AS ENUM('not_started', 'collecting', 'submitted', 'in_review', 'approved', 'rejected', 'resubmission_requested', 'suspended', 'closed');--> statement-breakpoint
ALTER TYPE "public"."operator_role" ADD VALUE 'compliance';--> statement-breakpoint
CREATE TABLE "verification_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"verification_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" "verification_document_kind" NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"width" integer,
	"height" integer,
	"sha256" text NOT NULL,
	"content_encrypted" "bytea" NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replaced_at" timestamp with time zone,
	CONSTRAINT "verification_documents_type_valid" CHECK ("verification_documents"."content_type" IN ('image/jpeg', 'image/png', 'application/pdf'))
);
--> statement-breakpoint
CREATE TABLE "verification_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "verification_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"verification_id" uuid NOT NULL,
	"from_state" "verification_state" NOT NULL,
	"to_state" "verification_state" NOT NULL,
	"actor" "verification_actor" NOT NULL,
	"actor_id" uuid,
	"reason_code" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verification_events_actor_shape" CHECK (("verification_events"."actor"::text = 'system') = ("verification_events"."actor_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"state" "verification_state" DEFAULT 'not_started' NOT NULL,
	"declaration" jsonb,
	"declared_at" timestamp with time zone,
	"risk_level" "risk_level",
	"risk_rule_version" text,
	"risk_reasons" jsonb,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"first_approved_by" uuid,
	"approved_by" uuid,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verifications_four_eyes" CHECK ("verifications"."approved_by" IS NULL OR "verifications"."first_approved_by" IS NULL OR "verifications"."approved_by" <> "verifications"."first_approved_by"),
	CONSTRAINT "verifications_high_risk_two_approvals" CHECK ("verifications"."state"::text <> 'approved' OR "verifications"."risk_level" IS DISTINCT FROM 'high'
        OR ("verifications"."first_approved_by" IS NOT NULL AND "verifications"."approved_by" IS NOT NULL)),
	CONSTRAINT "verifications_risk_versioned" CHECK (("verifications"."risk_level" IS NULL) = ("verifications"."risk_rule_version" IS NULL)),
	CONSTRAINT "verifications_not_own" CHECK ("verifications"."approved_by" IS DISTINCT FROM "verifications"."user_id"
        AND "verifications"."first_approved_by" IS DISTINCT FROM "verifications"."user_id")
);
--> statement-breakpoint
ALTER TABLE "member_notifications" DROP CONSTRAINT "member_notifications_kind_valid";--> statement-breakpoint
ALTER TABLE "verification_documents" ADD CONSTRAINT "verification_documents_verification_id_verifications_id_fk" FOREIGN KEY ("verification_id") REFERENCES "public"."verifications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_documents" ADD CONSTRAINT "verification_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_events" ADD CONSTRAINT "verification_events_verification_id_verifications_id_fk" FOREIGN KEY ("verification_id") REFERENCES "public"."verifications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_events" ADD CONSTRAINT "verification_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifications" ADD CONSTRAINT "verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifications" ADD CONSTRAINT "verifications_first_approved_by_users_id_fk" FOREIGN KEY ("first_approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifications" ADD CONSTRAINT "verifications_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "verification_documents_current_unique" ON "verification_documents" USING btree ("verification_id","kind") WHERE "verification_documents"."replaced_at" IS NULL;--> statement-breakpoint
CREATE INDEX "verification_documents_user_idx" ON "verification_documents" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verification_events_case_idx" ON "verification_events" USING btree ("verification_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "verifications_user_unique" ON "verifications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verifications_queue_idx" ON "verifications" USING btree ("state","submitted_at");--> statement-breakpoint
ALTER TABLE "member_notifications" ADD CONSTRAINT "member_notifications_kind_valid" CHECK ("member_notifications"."kind" IN ('purchase_settled', 'order_filled', 'bid_expired', 'dividend_paid', 'withdrawal_approved', 'vote_opened', 'watched_work_opened', 'price_alert_reached', 'verification_decided'));-- Issue 29: a verification's history is append-only; its transitions are corrected by new events, never rewritten.
CREATE FUNCTION verification_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'verification_events is append-only' USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER verification_events_no_update_or_delete BEFORE UPDATE OR DELETE ON verification_events
  FOR EACH ROW EXECUTE FUNCTION verification_events_append_only();
