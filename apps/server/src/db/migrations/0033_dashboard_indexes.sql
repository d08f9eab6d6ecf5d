-- Issue 30: indexes for the dashboards, chosen by npm run bench:dashboards (EXPLAIN ANALYZE before/after in
-- docs/performance.md, 'Dashboards'): an owner's vehicles including deleted ones, the operator's bookings and
-- cancellations of a period, the company's fees and the refunds of a period.
CREATE INDEX "ledger_postings_fee_refund_idx" ON "ledger_postings" USING btree ("created_at") WHERE "ledger_postings"."type" in ('Company Rental Fee Profit', 'Refund');--> statement-breakpoint
CREATE INDEX "vehicles_owner_all_idx" ON "vehicles" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "rentals_booked_at_idx" ON "rentals" USING btree ("booked_at");--> statement-breakpoint
CREATE INDEX "rentals_cancelled_at_idx" ON "rentals" USING btree ("cancelled_at") WHERE "rentals"."status" = 'Cancelled';