CREATE TABLE "admin_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" integer,
	"entity" text NOT NULL,
	"entity_id" integer,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "buy_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(4) NOT NULL,
	"dealer_id" integer NOT NULL,
	"max_uses" integer,
	"usage_count" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	CONSTRAINT "buy_codes_usage_check" CHECK ("buy_codes"."usage_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "dealers" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealer_name" text NOT NULL,
	"address" text NOT NULL,
	"contact_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"billing_contact_name" text NOT NULL,
	"billing_contact_email" text NOT NULL,
	"billing_contact_phone" text NOT NULL,
	"title_contact_name" text NOT NULL,
	"title_contact_email" text NOT NULL,
	"title_contact_phone" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "offer_activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" integer,
	"action_type" text NOT NULL,
	"amount" numeric(10, 2),
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"vehicle_id" integer NOT NULL,
	"dealer_id" integer NOT NULL,
	"buy_code_id" integer,
	"amount" numeric(10, 2) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"counter_amount" numeric(10, 2),
	"counter_message" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_status_check" CHECK ("offers"."status" in ('pending', 'countered', 'accepted', 'declined', 'expired')),
	CONSTRAINT "offers_amount_check" CHECK ("offers"."amount" > 0),
	CONSTRAINT "offers_counter_amount_check" CHECK ("offers"."counter_amount" is null or "offers"."counter_amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"role" text NOT NULL,
	"subject_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "sessions_role_check" CHECK ("sessions"."role" in ('admin', 'staff', 'dealer'))
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"vehicle_id" integer NOT NULL,
	"dealer_id" integer NOT NULL,
	"buy_code_id" integer,
	"offer_id" integer,
	"amount" numeric(10, 2) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_paid" boolean DEFAULT false NOT NULL,
	"bill_of_sale" text,
	"cancelled" boolean DEFAULT false NOT NULL,
	CONSTRAINT "transactions_status_check" CHECK ("transactions"."status" in ('pending', 'completed')),
	CONSTRAINT "transactions_amount_check" CHECK ("transactions"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" serial PRIMARY KEY NOT NULL,
	"vin" varchar(17) NOT NULL,
	"make" text,
	"model" text,
	"trim" text,
	"year" integer,
	"mileage" integer,
	"price" numeric(10, 2),
	"description" text,
	"condition" text,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"videos" text[] DEFAULT '{}'::text[] NOT NULL,
	"video_thumbnails" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"in_queue" boolean DEFAULT true NOT NULL,
	"bill_of_sale" text,
	"is_paid" boolean DEFAULT false NOT NULL,
	"recon_exterior" text,
	"recon_mechanical" text,
	"recon_interior" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicles_status_check" CHECK ("vehicles"."status" in ('pending', 'active', 'sold', 'removed')),
	CONSTRAINT "vehicles_mileage_check" CHECK ("vehicles"."mileage" is null or "vehicles"."mileage" >= 0),
	CONSTRAINT "vehicles_price_check" CHECK ("vehicles"."price" is null or "vehicles"."price" > 0)
);
--> statement-breakpoint
ALTER TABLE "buy_codes" ADD CONSTRAINT "buy_codes_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_activities" ADD CONSTRAINT "offer_activities_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_buy_code_id_buy_codes_id_fk" FOREIGN KEY ("buy_code_id") REFERENCES "public"."buy_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_buy_code_id_buy_codes_id_fk" FOREIGN KEY ("buy_code_id") REFERENCES "public"."buy_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_users_email_ci_unique" ON "admin_users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "buy_codes_code_unique" ON "buy_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "buy_codes_dealer_idx" ON "buy_codes" USING btree ("dealer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dealers_name_ci_unique" ON "dealers" USING btree (lower(btrim("dealer_name")));--> statement-breakpoint
CREATE INDEX "offer_activities_offer_idx" ON "offer_activities" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "offers_status_idx" ON "offers" USING btree ("status");--> statement-breakpoint
CREATE INDEX "offers_vehicle_idx" ON "offers" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "offers_dealer_idx" ON "offers" USING btree ("dealer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_one_open_per_dealer_vehicle" ON "offers" USING btree ("vehicle_id","dealer_id") WHERE "offers"."status" in ('pending', 'countered');--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_unique" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_subject_idx" ON "sessions" USING btree ("role","subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_one_open_per_vehicle" ON "transactions" USING btree ("vehicle_id") WHERE not "transactions"."cancelled";--> statement-breakpoint
CREATE INDEX "transactions_dealer_idx" ON "transactions" USING btree ("dealer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_vin_unique" ON "vehicles" USING btree ("vin");--> statement-breakpoint
CREATE INDEX "vehicles_status_in_queue_idx" ON "vehicles" USING btree ("status","in_queue");