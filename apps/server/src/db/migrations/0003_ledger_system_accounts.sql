-- The ledger's system accounts exist from the start, one of each kind (ledger_accounts_system_kind_uq),
-- so no request has to create them under concurrency.
INSERT INTO "ledger_accounts" ("kind") VALUES ('escrow'), ('external'), ('company_revenue')
ON CONFLICT DO NOTHING;
