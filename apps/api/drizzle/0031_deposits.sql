CREATE TABLE "bank_statement_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_iban" text NOT NULL,
	"file_name" text NOT NULL,
	"file_sha256" text NOT NULL,
	"imported_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_transfer_resolutions" (
	"transfer_id" uuid PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"user_id" uuid,
	"transaction_id" uuid,
	"note" text NOT NULL,
	"resolved_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_transfer_resolutions_action_valid" CHECK ("bank_transfer_resolutions"."action" IN ('credit', 'assign', 'return')),
	CONSTRAINT "bank_transfer_resolutions_credit_has_transaction" CHECK (("bank_transfer_resolutions"."action" <> 'return') = ("bank_transfer_resolutions"."transaction_id" IS NOT NULL AND "bank_transfer_resolutions"."user_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "bank_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"import_id" uuid NOT NULL,
	"statement_id" text NOT NULL,
	"entry_reference" text NOT NULL,
	"booked_on" date,
	"amount_text" text NOT NULL,
	"currency_code" text NOT NULL,
	"amount_minor" bigint,
	"remittance" text NOT NULL,
	"debtor_name" text,
	"debtor_iban" text,
	"user_id" uuid,
	"reason" text,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_transfers_reason_valid" CHECK ("bank_transfers"."reason" IS NULL OR "bank_transfers"."reason" IN ('no_reference', 'batch', 'invalid_reference', 'unknown_reference', 'currency', 'not_verified'))
);
--> statement-breakpoint
CREATE TABLE "deposit_references" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_notifications" DROP CONSTRAINT "member_notifications_kind_valid";--> statement-breakpoint
ALTER TABLE "bank_statement_imports" ADD CONSTRAINT "bank_statement_imports_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transfer_resolutions" ADD CONSTRAINT "bank_transfer_resolutions_transfer_id_bank_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."bank_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transfer_resolutions" ADD CONSTRAINT "bank_transfer_resolutions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transfer_resolutions" ADD CONSTRAINT "bank_transfer_resolutions_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transfer_resolutions" ADD CONSTRAINT "bank_transfer_resolutions_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_import_id_bank_statement_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."bank_statement_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_references" ADD CONSTRAINT "deposit_references_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_statement_imports_created_idx" ON "bank_statement_imports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "bank_transfer_resolutions_user_idx" ON "bank_transfer_resolutions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_transfers_entry_unique" ON "bank_transfers" USING btree ("statement_id","entry_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_transfers_reference_unique" ON "bank_transfers" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "bank_transfers_booked_idx" ON "bank_transfers" USING btree ("booked_on","id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_references_reference_unique" ON "deposit_references" USING btree ("reference");--> statement-breakpoint
ALTER TABLE "member_notifications" ADD CONSTRAINT "member_notifications_kind_valid" CHECK ("member_notifications"."kind" IN ('purchase_settled', 'order_filled', 'bid_expired', 'dividend_paid', 'withdrawal_approved', 'vote_opened', 'watched_work_opened', 'price_alert_reached', 'verification_decided', 'vote_closed', 'exit_paid', 'deposit_credited'));--> statement-breakpoint
-- Issue 31: deposits are money records; a transfer's state follows from the rows after it, nothing is rewritten.
CREATE FUNCTION deposits_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER deposit_references_no_update_or_delete BEFORE UPDATE OR DELETE ON deposit_references
  FOR EACH ROW EXECUTE FUNCTION deposits_append_only();--> statement-breakpoint
CREATE TRIGGER bank_statement_imports_no_update_or_delete BEFORE UPDATE OR DELETE ON bank_statement_imports
  FOR EACH ROW EXECUTE FUNCTION deposits_append_only();--> statement-breakpoint
CREATE TRIGGER bank_transfers_no_update_or_delete BEFORE UPDATE OR DELETE ON bank_transfers
  FOR EACH ROW EXECUTE FUNCTION deposits_append_only();--> statement-breakpoint
CREATE TRIGGER bank_transfer_resolutions_no_update_or_delete BEFORE UPDATE OR DELETE ON bank_transfer_resolutions
  FOR EACH ROW EXECUTE FUNCTION deposits_append_only();
