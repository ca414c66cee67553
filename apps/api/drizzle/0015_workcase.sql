ALTER TABLE "paintings" DROP CONSTRAINT "paintings_fees_valid";--> statement-breakpoint
ALTER TABLE "paintings" ADD CONSTRAINT "paintings_fees_valid" CHECK (coalesce("paintings"."entry_fee_minor", 0) >= 0 AND coalesce("paintings"."storage_cost_yearly_minor", 0) >= 0
        AND coalesce("paintings"."insurance_cost_yearly_minor", 0) >= 0 AND coalesce("paintings"."exit_fee_minor", 0) >= 0
        AND coalesce("paintings"."exit_share_bps", 0) BETWEEN 0 AND 10000 AND coalesce("paintings"."target_holding_years", 1) > 0
        AND coalesce("paintings"."entry_fee_minor", 0) <= "paintings"."price_per_part_minor");