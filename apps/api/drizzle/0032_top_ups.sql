CREATE TABLE "wallet_top_up_credits" (
	"top_up_id" uuid PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_top_up_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"top_up_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"outcome" text NOT NULL,
	"amount_minor" bigint,
	"currency_code" text,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_top_up_events_outcome_valid" CHECK ("wallet_top_up_events"."outcome" IN ('succeeded', 'failed', 'mismatch', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "wallet_top_ups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"method" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"client_secret" text,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"reference" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_top_ups_method_valid" CHECK ("wallet_top_ups"."method" IN ('card', 'paypal')),
	CONSTRAINT "wallet_top_ups_amount_positive" CHECK ("wallet_top_ups"."amount_minor" > 0),
	CONSTRAINT "wallet_top_ups_euros" CHECK ("wallet_top_ups"."currency" = 'EURO')
);
--> statement-breakpoint
ALTER TABLE "member_notifications" DROP CONSTRAINT "member_notifications_kind_valid";--> statement-breakpoint
ALTER TABLE "wallet_top_up_credits" ADD CONSTRAINT "wallet_top_up_credits_top_up_id_wallet_top_ups_id_fk" FOREIGN KEY ("top_up_id") REFERENCES "public"."wallet_top_ups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_top_up_events" ADD CONSTRAINT "wallet_top_up_events_top_up_id_wallet_top_ups_id_fk" FOREIGN KEY ("top_up_id") REFERENCES "public"."wallet_top_ups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_top_ups" ADD CONSTRAINT "wallet_top_ups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_top_up_events_event_unique" ON "wallet_top_up_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "wallet_top_up_events_top_up_idx" ON "wallet_top_up_events" USING btree ("top_up_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_top_ups_key_unique" ON "wallet_top_ups" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_top_ups_payment_unique" ON "wallet_top_ups" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_top_ups_reference_unique" ON "wallet_top_ups" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "wallet_top_ups_user_created_idx" ON "wallet_top_ups" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "member_notifications" ADD CONSTRAINT "member_notifications_kind_valid" CHECK ("member_notifications"."kind" IN ('purchase_settled', 'order_filled', 'bid_expired', 'dividend_paid', 'withdrawal_approved', 'vote_opened', 'watched_work_opened', 'price_alert_reached', 'verification_decided', 'vote_closed', 'exit_paid', 'deposit_credited', 'top_up_credited'));--> statement-breakpoint
CREATE TRIGGER wallet_top_ups_no_update_or_delete BEFORE UPDATE OR DELETE ON wallet_top_ups
  FOR EACH ROW EXECUTE FUNCTION deposits_append_only();--> statement-breakpoint
CREATE TRIGGER wallet_top_up_events_no_update_or_delete BEFORE UPDATE OR DELETE ON wallet_top_up_events
  FOR EACH ROW EXECUTE FUNCTION deposits_append_only();--> statement-breakpoint
CREATE TRIGGER wallet_top_up_credits_no_update_or_delete BEFORE UPDATE OR DELETE ON wallet_top_up_credits
  FOR EACH ROW EXECUTE FUNCTION deposits_append_only();
