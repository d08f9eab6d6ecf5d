-- Issue 30 (ADR 031): the operator's 'active listings' (vehicles neither deleted nor hidden, by type) as an
-- index-only count instead of a scan of every vehicle (npm run bench:dashboards, docs/performance.md).
-- Hand-written: an index of the database only, not in the Drizzle schema (as 0008-0016).
CREATE INDEX IF NOT EXISTS "vehicles_listed_type_idx" ON "vehicles" USING btree ("vehicle_type_id") WHERE "deleted_at" IS NULL AND "hidden_at" IS NULL;
