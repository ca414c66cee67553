CREATE TYPE "public"."operator_role" AS ENUM('admin', 'catalogue', 'finance', 'support');--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "before" jsonb;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "after" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "operator_role" "operator_role";--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at");--> statement-breakpoint
-- Operators made before roles existed keep every right they had.
UPDATE "users" SET "operator_role" = 'admin' WHERE "role" = 'admin';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_operator_role_only_operators" CHECK (("users"."role" = 'admin') = ("users"."operator_role" IS NOT NULL));