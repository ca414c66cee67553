CREATE TYPE "public"."document_kind" AS ENUM('client_pdf', 'technical_file', 'auth_certif', 'property_title', 'notice');--> statement-breakpoint
CREATE TABLE "artist_yearly_stats" (
	"artist_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"turnover_minor" bigint NOT NULL,
	"lots_sold" integer NOT NULL,
	"lots_unsold" integer NOT NULL,
	"avg_price_cm2_minor" bigint NOT NULL,
	CONSTRAINT "artist_yearly_stats_positive" CHECK ("artist_yearly_stats"."avg_price_cm2_minor" > 0 AND "artist_yearly_stats"."lots_sold" >= 0 AND "artist_yearly_stats"."lots_unsold" >= 0)
);
--> statement-breakpoint
CREATE TABLE "artists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"birth_date" date,
	"death_date" date,
	"bio_en" text NOT NULL,
	"bio_fr" text NOT NULL,
	"image_key" text,
	"record_price_minor" bigint,
	"record_price_currency" "currency" DEFAULT 'EURO' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text NOT NULL,
	"object" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_pages" (
	"type" text PRIMARY KEY NOT NULL,
	"title_en" text NOT NULL,
	"title_fr" text NOT NULL,
	"body_en" jsonb NOT NULL,
	"body_fr" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"day" date NOT NULL,
	"base" "currency" NOT NULL,
	"quote" "currency" NOT NULL,
	"rate" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "galleries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title_en" text NOT NULL,
	"title_fr" text NOT NULL,
	"image_key" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"lang" "language" DEFAULT 'en' NOT NULL,
	"confirm_token_hash" text,
	"unsubscribe_token_hash" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "painting_documents" (
	"painting_id" uuid NOT NULL,
	"kind" "document_kind" NOT NULL,
	"lang" "language" NOT NULL,
	"storage_key" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "painting_value_history" (
	"painting_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"value_minor" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paintings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"artist_id" uuid NOT NULL,
	"title_en" text NOT NULL,
	"title_fr" text NOT NULL,
	"description_en" text NOT NULL,
	"description_fr" text NOT NULL,
	"type_en" text NOT NULL,
	"type_fr" text NOT NULL,
	"year" integer NOT NULL,
	"width_cm" integer NOT NULL,
	"height_cm" integer NOT NULL,
	"market" smallint NOT NULL,
	"price_per_part_minor" bigint NOT NULL,
	"total_parts" integer NOT NULL,
	"sold_parts" integer DEFAULT 0 NOT NULL,
	"cover_key" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paintings_market_valid" CHECK ("paintings"."market" IN (1, 2, 3)),
	CONSTRAINT "paintings_parts_valid" CHECK ("paintings"."total_parts" > 0 AND "paintings"."sold_parts" >= 0 AND "paintings"."sold_parts" <= "paintings"."total_parts"),
	CONSTRAINT "paintings_dimensions_positive" CHECK ("paintings"."width_cm" > 0 AND "paintings"."height_cm" > 0),
	CONSTRAINT "paintings_price_positive" CHECK ("paintings"."price_per_part_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "artist_yearly_stats" ADD CONSTRAINT "artist_yearly_stats_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "painting_documents" ADD CONSTRAINT "painting_documents_painting_id_paintings_id_fk" FOREIGN KEY ("painting_id") REFERENCES "public"."paintings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "painting_value_history" ADD CONSTRAINT "painting_value_history_painting_id_paintings_id_fk" FOREIGN KEY ("painting_id") REFERENCES "public"."paintings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paintings" ADD CONSTRAINT "paintings_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "artist_yearly_stats_artist_year_unique" ON "artist_yearly_stats" USING btree ("artist_id","year");--> statement-breakpoint
CREATE UNIQUE INDEX "artists_slug_unique" ON "artists" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "artists_name_id_idx" ON "artists" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_rates_pair_day_unique" ON "exchange_rates" USING btree ("base","quote","day");--> statement-breakpoint
CREATE UNIQUE INDEX "galleries_slug_unique" ON "galleries" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "galleries_position_idx" ON "galleries" USING btree ("position","id");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_email_unique" ON "newsletter_subscribers" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_confirm_unique" ON "newsletter_subscribers" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_unsubscribe_unique" ON "newsletter_subscribers" USING btree ("unsubscribe_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "painting_documents_unique" ON "painting_documents" USING btree ("painting_id","kind","lang");--> statement-breakpoint
CREATE UNIQUE INDEX "painting_value_history_painting_year_unique" ON "painting_value_history" USING btree ("painting_id","year");--> statement-breakpoint
CREATE UNIQUE INDEX "paintings_slug_unique" ON "paintings" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "paintings_market_created_idx" ON "paintings" USING btree ("market","created_at","id");--> statement-breakpoint
CREATE INDEX "paintings_artist_created_idx" ON "paintings" USING btree ("artist_id","created_at","id");