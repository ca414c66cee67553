CREATE TABLE "member_statements" (
	"id" uuid NOT NULL,
	"format" text NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"language" "language" NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_statements_id_format_pk" PRIMARY KEY("id","format"),
	CONSTRAINT "member_statements_format" CHECK ("member_statements"."format" IN ('pdf', 'csv')),
	CONSTRAINT "member_statements_type" CHECK ("member_statements"."type" IN ('PURCHASE', 'SALE', 'DIVIDEND', 'ARTWORK'))
);
--> statement-breakpoint
ALTER TABLE "member_statements" ADD CONSTRAINT "member_statements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_statements_user_idx" ON "member_statements" USING btree ("user_id","type","format","language");--> statement-breakpoint
CREATE INDEX "member_statements_expires_idx" ON "member_statements" USING btree ("expires_at");