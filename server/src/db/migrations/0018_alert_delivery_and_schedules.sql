CREATE TABLE "alert_schedules" (
	"dealer_id" integer NOT NULL,
	"dealer_user_id" integer,
	"time_zone" text DEFAULT 'America/New_York' NOT NULL,
	"digest_hour" integer DEFAULT 8 NOT NULL,
	"quiet_start" integer,
	"quiet_end" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_schedules_person_key" UNIQUE NULLS NOT DISTINCT("dealer_id","dealer_user_id"),
	CONSTRAINT "alert_schedules_digest_hour_check" CHECK ("alert_schedules"."digest_hour" between 0 and 23),
	CONSTRAINT "alert_schedules_quiet_check" CHECK (("alert_schedules"."quiet_start" is null and "alert_schedules"."quiet_end" is null) or ("alert_schedules"."quiet_start" between 0 and 23 and "alert_schedules"."quiet_end" between 0 and 23 and "alert_schedules"."quiet_start" <> "alert_schedules"."quiet_end"))
);
--> statement-breakpoint
ALTER TABLE "buy_orders" ADD COLUMN "alert_channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "buy_orders" ADD COLUMN "alert_cadence" text DEFAULT 'instant' NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "alert_channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "alert_cadence" text DEFAULT 'instant' NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_schedules" ADD CONSTRAINT "alert_schedules_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_schedules" ADD CONSTRAINT "alert_schedules_dealer_user_id_dealer_users_id_fk" FOREIGN KEY ("dealer_user_id") REFERENCES "public"."dealer_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buy_orders" ADD CONSTRAINT "buy_orders_alert_channel_check" CHECK ("buy_orders"."alert_channel" in ('email', 'sms', 'both'));--> statement-breakpoint
ALTER TABLE "buy_orders" ADD CONSTRAINT "buy_orders_alert_cadence_check" CHECK ("buy_orders"."alert_cadence" in ('instant', 'daily'));--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_alert_channel_check" CHECK ("saved_searches"."alert_channel" in ('email', 'sms', 'both'));--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_alert_cadence_check" CHECK ("saved_searches"."alert_cadence" in ('instant', 'daily'));