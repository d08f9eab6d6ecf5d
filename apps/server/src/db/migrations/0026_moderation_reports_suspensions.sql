CREATE TABLE "moderation_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"affected_user_id" uuid,
	"reason" text NOT NULL,
	"until" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "moderation_decisions_reason_ck" CHECK (length("moderation_decisions"."reason") between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_id" uuid NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"kind" text DEFAULT 'report' NOT NULL,
	"reason" text NOT NULL,
	"details" text NOT NULL,
	"complaint_of" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"decision_id" uuid,
	"decided_at" timestamp with time zone,
	CONSTRAINT "reports_target_type_ck" CHECK ("reports"."target_type" in ('vehicle', 'user', 'message')),
	CONSTRAINT "reports_details_ck" CHECK (length("reports"."details") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "hidden_for_suspension" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_employee_id_users_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_affected_user_id_users_id_fk" FOREIGN KEY ("affected_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_decisions_target_idx" ON "moderation_decisions" USING btree ("target_type","target_id","created_at");--> statement-breakpoint
CREATE INDEX "moderation_decisions_affected_idx" ON "moderation_decisions" USING btree ("affected_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_uq" ON "reports" USING btree ("reporter_id","target_type","target_id") WHERE "reports"."decided_at" is null and "reports"."kind" = 'report';--> statement-breakpoint
CREATE UNIQUE INDEX "reports_complaint_uq" ON "reports" USING btree ("complaint_of") WHERE "reports"."kind" = 'complaint';--> statement-breakpoint
CREATE INDEX "reports_open_idx" ON "reports" USING btree ("created_at") WHERE "reports"."decided_at" is null;--> statement-breakpoint
CREATE INDEX "reports_target_idx" ON "reports" USING btree ("target_type","target_id");