CREATE TABLE "jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"interval_ms" integer NOT NULL,
	"next_run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_outcome" text,
	"last_error" text,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"total_runs" integer DEFAULT 0 NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	CONSTRAINT "jobs_last_outcome_check" CHECK ("jobs"."last_outcome" is null or "jobs"."last_outcome" in ('ok', 'failed')),
	CONSTRAINT "jobs_interval_check" CHECK ("jobs"."interval_ms" > 0)
);
