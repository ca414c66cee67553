CREATE TABLE "member_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"painting_id" uuid,
	"emailed" boolean NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_notifications_kind_valid" CHECK ("member_notifications"."kind" IN ('purchase_settled', 'order_filled', 'bid_expired', 'dividend_paid', 'withdrawal_approved', 'vote_opened', 'watched_work_opened', 'price_alert_reached'))
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"email" boolean NOT NULL,
	CONSTRAINT "notification_preferences_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
CREATE TABLE "price_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"painting_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"threshold_minor" bigint NOT NULL,
	"currency" "currency" NOT NULL,
	"triggered_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_alerts_direction_valid" CHECK ("price_alerts"."direction" IN ('above', 'below')),
	CONSTRAINT "price_alerts_threshold_positive" CHECK ("price_alerts"."threshold_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "watchlist" (
	"user_id" uuid NOT NULL,
	"painting_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watchlist_user_id_painting_id_pk" PRIMARY KEY("user_id","painting_id")
);
--> statement-breakpoint
ALTER TABLE "member_notifications" ADD CONSTRAINT "member_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_notifications" ADD CONSTRAINT "member_notifications_painting_id_paintings_id_fk" FOREIGN KEY ("painting_id") REFERENCES "public"."paintings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_painting_id_paintings_id_fk" FOREIGN KEY ("painting_id") REFERENCES "public"."paintings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist" ADD CONSTRAINT "watchlist_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist" ADD CONSTRAINT "watchlist_painting_id_paintings_id_fk" FOREIGN KEY ("painting_id") REFERENCES "public"."paintings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_notifications_user_created_idx" ON "member_notifications" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "member_notifications_unread_idx" ON "member_notifications" USING btree ("user_id") WHERE "member_notifications"."read_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "price_alerts_active_unique" ON "price_alerts" USING btree ("user_id","painting_id") WHERE "price_alerts"."triggered_at" IS NULL AND "price_alerts"."cancelled_at" IS NULL;--> statement-breakpoint
CREATE INDEX "price_alerts_painting_active_idx" ON "price_alerts" USING btree ("painting_id") WHERE "price_alerts"."triggered_at" IS NULL AND "price_alerts"."cancelled_at" IS NULL;--> statement-breakpoint
CREATE INDEX "watchlist_painting_idx" ON "watchlist" USING btree ("painting_id");