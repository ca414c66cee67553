CREATE TYPE "public"."complaint_actor" AS ENUM('member', 'visitor', 'operator', 'system');--> statement-breakpoint
CREATE TYPE "public"."complaint_event_kind" AS ENUM('received', 'acknowledged', 'escalated', 'answered', 'closed', 'note');--> statement-breakpoint
CREATE TYPE "public"."complaint_outcome" AS ENUM('upheld', 'partially_upheld', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."complaint_state" AS ENUM('received', 'acknowledged', 'escalated', 'answered', 'closed');--> statement-breakpoint
CREATE SEQUENCE "public"."complaint_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "annual_statement_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"language" "language" NOT NULL,
	"currency" "currency" NOT NULL,
	"works" integer NOT NULL,
	"total_value_minor" bigint NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaint_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "complaint_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"complaint_id" uuid NOT NULL,
	"kind" "complaint_event_kind" NOT NULL,
	"from_state" "complaint_state" NOT NULL,
	"to_state" "complaint_state" NOT NULL,
	"actor" "complaint_actor" NOT NULL,
	"actor_id" uuid,
	"message" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"outcome" "complaint_outcome",
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complaint_events_operator_named" CHECK ("complaint_events"."actor"::text <> 'operator' OR "complaint_events"."actor_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "complaints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"user_id" uuid,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"category" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"state" "complaint_state" DEFAULT 'received' NOT NULL,
	"outcome" "complaint_outcome",
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledge_due_on" date NOT NULL,
	"answer_due_on" date NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complaints_category_valid" CHECK ("complaints"."category" IN ('purchase', 'secondary_market', 'payment', 'withdrawal', 'dividend_or_exit', 'account', 'information', 'other')),
	CONSTRAINT "complaints_language_valid" CHECK ("complaints"."language" IN ('en', 'fr')),
	CONSTRAINT "complaints_answered_has_outcome" CHECK (("complaints"."answered_at" IS NULL) = ("complaints"."outcome" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "member_statements" DROP CONSTRAINT "member_statements_type";--> statement-breakpoint
ALTER TABLE "annual_statement_notices" ADD CONSTRAINT "annual_statement_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_events" ADD CONSTRAINT "complaint_events_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_events" ADD CONSTRAINT "complaint_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "annual_statement_notices_unique" ON "annual_statement_notices" USING btree ("user_id","year");--> statement-breakpoint
CREATE INDEX "complaint_events_case_idx" ON "complaint_events" USING btree ("complaint_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "complaints_reference_unique" ON "complaints" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "complaints_user_idx" ON "complaints" USING btree ("user_id","received_at");--> statement-breakpoint
CREATE INDEX "complaints_queue_idx" ON "complaints" USING btree ("state","received_at");--> statement-breakpoint
ALTER TABLE "member_statements" ADD CONSTRAINT "member_statements_type" CHECK ("member_statements"."type" IN ('PURCHASE', 'SALE', 'DIVIDEND', 'ARTWORK', 'YEARLY', 'ANNUAL'));--> statement-breakpoint
-- Issue 30: a complaint's history is append-only, and a complaint is never deleted (the regulator's register).
CREATE FUNCTION refuse_append_only_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER complaint_events_no_update_or_delete BEFORE UPDATE OR DELETE ON complaint_events
  FOR EACH ROW EXECUTE FUNCTION refuse_append_only_change();--> statement-breakpoint
CREATE TRIGGER complaints_no_delete BEFORE DELETE ON complaints
  FOR EACH ROW EXECUTE FUNCTION refuse_append_only_change();
--> statement-breakpoint
CREATE TRIGGER annual_statement_notices_no_update_or_delete BEFORE UPDATE OR DELETE ON annual_statement_notices
  FOR EACH ROW EXECUTE FUNCTION refuse_append_only_change();
