CREATE TABLE "investor_sophistication_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"width" integer,
	"height" integer,
	"sha256" text NOT NULL,
	"content_encrypted" "bytea" NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "investor_sophistication_documents" ADD CONSTRAINT "investor_sophistication_documents_request_id_investor_sophistication_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."investor_sophistication_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investor_sophistication_documents" ADD CONSTRAINT "investor_sophistication_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "investor_sophistication_documents_request_idx" ON "investor_sophistication_documents" USING btree ("request_id","uploaded_at");--> statement-breakpoint
CREATE INDEX "investor_sophistication_documents_user_idx" ON "investor_sophistication_documents" USING btree ("user_id");