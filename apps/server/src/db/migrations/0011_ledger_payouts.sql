-- Withdrawals: money leaves a wallet for a bank account through the 'payouts' system account (the
-- outside world paid out, kept apart from 'external' which card top-ups come from, so each side
-- reconciles alone and top-ups and withdrawals do not queue on one row).
ALTER TABLE "ledger_accounts" DROP CONSTRAINT IF EXISTS "ledger_accounts_kind_ck";
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_ck"
  CHECK ("kind" in ('wallet','escrow','company_revenue','external','payouts'));
--> statement-breakpoint
INSERT INTO "ledger_accounts" ("kind") VALUES ('payouts') ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The account paid is kept masked (country and last four characters); the full IBAN never is.
ALTER TABLE "ledger_transactions" ADD COLUMN IF NOT EXISTS "payout_account" text;
--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN IF NOT EXISTS "payout_holder" text;
--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN IF NOT EXISTS "payout_reference" text;
