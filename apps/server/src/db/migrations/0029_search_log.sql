-- The search log behind the operator's search demand (issue 30): counts per day, word or place; no personal data, kept 90 days.
CREATE TABLE "search_log" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"term" text NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	"few_results" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "search_log_day_kind_term_pk" PRIMARY KEY("day","kind","term"),
	CONSTRAINT "search_log_kind_ck" CHECK ("search_log"."kind" in ('word','place'))
);
--> statement-breakpoint
CREATE INDEX "search_log_day_idx" ON "search_log" USING btree ("day");