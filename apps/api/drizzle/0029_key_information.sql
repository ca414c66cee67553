CREATE TABLE "key_information_acknowledgements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"painting_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"content_hash" text NOT NULL,
	"language" "language" NOT NULL,
	"session_id" uuid NOT NULL,
	"acknowledged_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "key_information_purchases" (
	"purchase_id" uuid PRIMARY KEY NOT NULL,
	"acknowledgement_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "key_information_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"painting_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"content" jsonb NOT NULL,
	"content_hash" text NOT NULL,
	"registration_number" text,
	"published_by" uuid NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "key_information_versions_version_positive" CHECK ("key_information_versions"."version" > 0),
	CONSTRAINT "key_information_versions_hash_valid" CHECK ("key_information_versions"."content_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "key_information_acknowledgements" ADD CONSTRAINT "key_information_acknowledgements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_information_acknowledgements" ADD CONSTRAINT "key_information_acknowledgements_painting_id_paintings_id_fk" FOREIGN KEY ("painting_id") REFERENCES "public"."paintings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_information_acknowledgements" ADD CONSTRAINT "key_information_acknowledgements_version_id_key_information_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."key_information_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_information_purchases" ADD CONSTRAINT "key_information_purchases_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_information_purchases" ADD CONSTRAINT "key_information_purchases_acknowledgement_id_key_information_acknowledgements_id_fk" FOREIGN KEY ("acknowledgement_id") REFERENCES "public"."key_information_acknowledgements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_information_purchases" ADD CONSTRAINT "key_information_purchases_version_id_key_information_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."key_information_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_information_versions" ADD CONSTRAINT "key_information_versions_painting_id_paintings_id_fk" FOREIGN KEY ("painting_id") REFERENCES "public"."paintings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_information_versions" ADD CONSTRAINT "key_information_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "key_information_acknowledgements_member_idx" ON "key_information_acknowledgements" USING btree ("user_id","version_id");--> statement-breakpoint
CREATE INDEX "key_information_purchases_version_idx" ON "key_information_purchases" USING btree ("version_id");--> statement-breakpoint
CREATE UNIQUE INDEX "key_information_versions_painting_version_unique" ON "key_information_versions" USING btree ("painting_id","version");--> statement-breakpoint
-- Issue 30: a published key information document is frozen as it was shown, an acknowledgement is a record of what a
-- member read, and a purchase's link says which version it was bought under: none is ever rewritten or removed.
CREATE FUNCTION key_information_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER key_information_versions_no_update_or_delete BEFORE UPDATE OR DELETE ON key_information_versions
  FOR EACH ROW EXECUTE FUNCTION key_information_append_only();--> statement-breakpoint
CREATE TRIGGER key_information_acknowledgements_no_update_or_delete BEFORE UPDATE OR DELETE ON key_information_acknowledgements
  FOR EACH ROW EXECUTE FUNCTION key_information_append_only();--> statement-breakpoint
CREATE TRIGGER key_information_purchases_no_update_or_delete BEFORE UPDATE OR DELETE ON key_information_purchases
  FOR EACH ROW EXECUTE FUNCTION key_information_append_only();
