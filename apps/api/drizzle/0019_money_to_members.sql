ALTER TYPE "public"."account_kind" ADD VALUE 'fx_clearing';--> statement-breakpoint
ALTER TABLE "exit_payouts" DROP CONSTRAINT "exit_payouts_valid";--> statement-breakpoint
ALTER TABLE "exit_payouts" ADD COLUMN "fee_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "trades_buyer_idx" ON "trades" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE INDEX "trades_seller_idx" ON "trades" USING btree ("seller_id","created_at");--> statement-breakpoint
ALTER TABLE "exit_payouts" ADD CONSTRAINT "exit_payouts_valid" CHECK ("exit_payouts"."parts" > 0 AND "exit_payouts"."amount_minor" >= 0 AND "exit_payouts"."fee_minor" >= 0 AND "exit_payouts"."cost_basis_minor" >= 0);