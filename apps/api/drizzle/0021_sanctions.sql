CREATE TABLE "sanctions_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version_id" uuid NOT NULL,
	"logical_id" text NOT NULL,
	"eu_reference_number" text,
	"subject_type" text NOT NULL,
	"names" jsonb NOT NULL,
	"birth_dates" jsonb NOT NULL,
	"nationalities" text[] NOT NULL,
	"regulation" text,
	"programme" text,
	"designation_date" date,
	"fingerprint" text NOT NULL,
	CONSTRAINT "sanctions_entries_subject_valid" CHECK ("sanctions_entries"."subject_type" IN ('person', 'enterprise'))
);
--> statement-breakpoint
CREATE TABLE "sanctions_hit_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hit_id" uuid NOT NULL,
	"state" text NOT NULL,
	"operator_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sanctions_hit_decisions_state_valid" CHECK ("sanctions_hit_decisions"."state" IN ('confirmed', 'dismissed')),
	CONSTRAINT "sanctions_hit_decisions_reason_present" CHECK (length(btrim("sanctions_hit_decisions"."reason")) > 0)
);
--> statement-breakpoint
CREATE TABLE "sanctions_hits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"screening_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"list_version_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"entry_logical_id" text NOT NULL,
	"score" smallint NOT NULL,
	"matched_fields" text[] NOT NULL,
	"matched_name" text NOT NULL,
	"person_fingerprint" text NOT NULL,
	"entry_fingerprint" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"carried_from" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sanctions_hits_state_valid" CHECK ("sanctions_hits"."state" IN ('open', 'confirmed', 'dismissed')),
	CONSTRAINT "sanctions_hits_score_valid" CHECK ("sanctions_hits"."score" BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE TABLE "sanctions_list_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"sha256" text NOT NULL,
	"generated_at" timestamp with time zone NOT NULL,
	"entry_count" integer NOT NULL,
	"etag" text,
	"last_modified" text,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rescreened_at" timestamp with time zone,
	CONSTRAINT "sanctions_list_versions_count_valid" CHECK ("sanctions_list_versions"."entry_count" > 0)
);
--> statement-breakpoint
CREATE TABLE "sanctions_screenings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"list_version_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"person" jsonb NOT NULL,
	"hit_count" integer NOT NULL,
	"screened_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sanctions_entries" ADD CONSTRAINT "sanctions_entries_version_id_sanctions_list_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."sanctions_list_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanctions_hit_decisions" ADD CONSTRAINT "sanctions_hit_decisions_hit_id_sanctions_hits_id_fk" FOREIGN KEY ("hit_id") REFERENCES "public"."sanctions_hits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanctions_hit_decisions" ADD CONSTRAINT "sanctions_hit_decisions_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanctions_hits" ADD CONSTRAINT "sanctions_hits_screening_id_sanctions_screenings_id_fk" FOREIGN KEY ("screening_id") REFERENCES "public"."sanctions_screenings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanctions_hits" ADD CONSTRAINT "sanctions_hits_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanctions_hits" ADD CONSTRAINT "sanctions_hits_list_version_id_sanctions_list_versions_id_fk" FOREIGN KEY ("list_version_id") REFERENCES "public"."sanctions_list_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanctions_hits" ADD CONSTRAINT "sanctions_hits_entry_id_sanctions_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."sanctions_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanctions_hits" ADD CONSTRAINT "sanctions_hits_carried_from_sanctions_hits_id_fk" FOREIGN KEY ("carried_from") REFERENCES "public"."sanctions_hits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanctions_screenings" ADD CONSTRAINT "sanctions_screenings_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanctions_screenings" ADD CONSTRAINT "sanctions_screenings_list_version_id_sanctions_list_versions_id_fk" FOREIGN KEY ("list_version_id") REFERENCES "public"."sanctions_list_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sanctions_entries_version_logical_unique" ON "sanctions_entries" USING btree ("version_id","logical_id");--> statement-breakpoint
CREATE INDEX "sanctions_hit_decisions_hit_idx" ON "sanctions_hit_decisions" USING btree ("hit_id","decided_at");--> statement-breakpoint
CREATE INDEX "sanctions_hits_member_idx" ON "sanctions_hits" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "sanctions_hits_open_idx" ON "sanctions_hits" USING btree ("created_at") WHERE "sanctions_hits"."state" = 'open';--> statement-breakpoint
CREATE INDEX "sanctions_list_versions_loaded_idx" ON "sanctions_list_versions" USING btree ("loaded_at");--> statement-breakpoint
CREATE INDEX "sanctions_screenings_member_idx" ON "sanctions_screenings" USING btree ("member_id","screened_at");--> statement-breakpoint
-- Hand-written (issue 29): an operator's decision on a sanctions hit is never changed; a later decision is a new row.
-- Rows are deleted only by the retention of records (deleteScreeningRecords, 5 years after the relationship ends),
-- which says so in its own transaction (SET LOCAL parcelle.sanctions_retention = 'on').
CREATE FUNCTION "sanctions_hit_decisions_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('parcelle.sanctions_retention', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'sanctions_hit_decisions is append-only (%)', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "sanctions_hit_decisions_no_change" BEFORE UPDATE OR DELETE ON "sanctions_hit_decisions"
  FOR EACH ROW EXECUTE FUNCTION "sanctions_hit_decisions_append_only"();
