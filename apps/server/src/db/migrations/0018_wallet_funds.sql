-- Wallet money by origin (docs/decisions/005-ledger.md, "Follow-up: where a wallet's money came from").
-- A wallet's balance is split into the money it earned (withdrawable to a bank account) and the card
-- top-ups not yet spent (refundable only to the card they came from). Every wallet posting is
-- attributed to these buckets by wallet_fund_entries rows that sum to the posting's amount.
ALTER TABLE "ledger_accounts" ADD COLUMN IF NOT EXISTS "withdrawable_cents" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_withdrawable_ck"
  CHECK ("withdrawable_cents" >= 0 AND ("kind" = 'wallet' OR "withdrawable_cents" = 0));
--> statement-breakpoint
-- One row per card top-up: what is left of it to spend or to refund to its card.
CREATE TABLE IF NOT EXISTS "card_funds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL REFERENCES "ledger_accounts"("id"),
	"transaction_id" uuid REFERENCES "ledger_transactions"("id"),
	"card_last4" text,
	"charge_reference" text,
	"amount_cents" bigint NOT NULL,
	"remaining_cents" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"seq" bigserial NOT NULL,
	CONSTRAINT "card_funds_remaining_ck" CHECK ("remaining_cents" >= 0 AND "remaining_cents" <= "amount_cents")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "card_funds_account_idx" ON "card_funds" ("account_id", "seq");
--> statement-breakpoint
-- How each wallet posting moved the buckets: 'earned', 'card' (with its top-up) or 'legacy' (postings
-- made before this migration; the migration's opening entries, without a posting, move them out).
CREATE TABLE IF NOT EXISTS "wallet_fund_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL REFERENCES "ledger_accounts"("id"),
	"posting_id" uuid REFERENCES "ledger_postings"("id"),
	"bucket" text NOT NULL,
	"card_fund_id" uuid REFERENCES "card_funds"("id"),
	"amount_cents" bigint NOT NULL,
	"gateway_reference" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wallet_fund_entries_bucket_ck" CHECK ("bucket" in ('earned','card','legacy')),
	CONSTRAINT "wallet_fund_entries_card_ck" CHECK (("bucket" = 'card') = ("card_fund_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "wallet_fund_entries_posting_idx" ON "wallet_fund_entries" ("posting_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "wallet_fund_entries_fund_idx" ON "wallet_fund_entries" ("card_fund_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "wallet_fund_entries_account_idx" ON "wallet_fund_entries" ("account_id");
--> statement-breakpoint
-- Existing wallet postings belong to the 'legacy' bucket...
INSERT INTO "wallet_fund_entries" ("account_id", "posting_id", "bucket", "amount_cents", "created_at")
SELECT p."account_id", p."id", 'legacy', p."amount_cents", p."created_at"
FROM "ledger_postings" p JOIN "ledger_accounts" a ON a."id" = p."account_id"
WHERE a."kind" = 'wallet';
--> statement-breakpoint
-- ...and each wallet's balance moves out of it: earned = profits less withdrawals (within the balance),
-- the rest to its card top-ups, newest first, each up to its amount. Anything beyond the top-ups (none
-- when the ledger is consistent) counts as earned, so no cent is left unattributed.
INSERT INTO "card_funds" ("account_id", "transaction_id", "card_last4", "amount_cents", "remaining_cents", "created_at")
SELECT d."account_id", d."transaction_id", d."card_last4", d."amount_cents",
  greatest(0, least(d."amount_cents", (w."balance_cents" - w."earned") - d."newer")), d."created_at"
FROM (
  SELECT p."account_id", p."transaction_id", t."card_last4", p."amount_cents", p."created_at", p."seq",
    coalesce(sum(p."amount_cents") OVER (PARTITION BY p."account_id" ORDER BY p."created_at" DESC, p."seq" DESC
      ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS "newer"
  FROM "ledger_postings" p
  JOIN "ledger_transactions" t ON t."id" = p."transaction_id"
  JOIN "ledger_accounts" a ON a."id" = p."account_id"
  WHERE a."kind" = 'wallet' AND p."type" = 'Deposit' AND p."amount_cents" > 0
) d
JOIN (
  SELECT a."id", a."balance_cents",
    least(a."balance_cents", greatest(0, coalesce(sum(p."amount_cents")
      FILTER (WHERE p."type" in ('Rental Profit', 'Company Rental Fee Profit', 'Withdraw')), 0))) AS "earned"
  FROM "ledger_accounts" a LEFT JOIN "ledger_postings" p ON p."account_id" = a."id"
  WHERE a."kind" = 'wallet'
  GROUP BY a."id", a."balance_cents"
) w ON w."id" = d."account_id"
ORDER BY d."created_at", d."seq";
--> statement-breakpoint
INSERT INTO "wallet_fund_entries" ("account_id", "bucket", "card_fund_id", "amount_cents", "created_at")
SELECT f."account_id", 'card', f."id", f."remaining_cents", now() FROM "card_funds" f WHERE f."remaining_cents" > 0;
--> statement-breakpoint
UPDATE "ledger_accounts" a SET "withdrawable_cents" = a."balance_cents" - coalesce(
  (SELECT sum(f."remaining_cents") FROM "card_funds" f WHERE f."account_id" = a."id"), 0)
WHERE a."kind" = 'wallet';
--> statement-breakpoint
INSERT INTO "wallet_fund_entries" ("account_id", "bucket", "amount_cents", "created_at")
SELECT a."id", 'earned', a."withdrawable_cents", now() FROM "ledger_accounts" a
WHERE a."kind" = 'wallet' AND a."withdrawable_cents" <> 0;
--> statement-breakpoint
INSERT INTO "wallet_fund_entries" ("account_id", "bucket", "amount_cents", "created_at")
SELECT a."id", 'legacy', -a."balance_cents", now() FROM "ledger_accounts" a
WHERE a."kind" = 'wallet' AND a."balance_cents" <> 0;
