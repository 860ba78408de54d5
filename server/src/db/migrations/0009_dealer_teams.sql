CREATE TABLE "dealer_user_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealer_user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "dealer_user_tokens_purpose_check" CHECK ("dealer_user_tokens"."purpose" in ('invitation', 'password_reset'))
);
--> statement-breakpoint
CREATE TABLE "dealer_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealer_id" integer NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"password_hash" text,
	"per_vehicle_limit" numeric(10, 2),
	"per_day_limit" numeric(10, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	CONSTRAINT "dealer_users_role_check" CHECK ("dealer_users"."role" in ('owner', 'buyer', 'viewer')),
	CONSTRAINT "dealer_users_limits_check" CHECK (("dealer_users"."per_vehicle_limit" is null or "dealer_users"."per_vehicle_limit" > 0) and ("dealer_users"."per_day_limit" is null or "dealer_users"."per_day_limit" > 0))
);
--> statement-breakpoint
CREATE TABLE "webauthn_challenges" (
	"challenge" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"dealer_user_id" integer,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webauthn_credentials" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealer_user_id" integer NOT NULL,
	"credential_id" text NOT NULL,
	"public_key" "bytea" NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"transports" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "buyer_user_id" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "dealer_user_id" integer;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "buyer_user_id" integer;--> statement-breakpoint
ALTER TABLE "dealer_user_tokens" ADD CONSTRAINT "dealer_user_tokens_dealer_user_id_dealer_users_id_fk" FOREIGN KEY ("dealer_user_id") REFERENCES "public"."dealer_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_users" ADD CONSTRAINT "dealer_users_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webauthn_challenges" ADD CONSTRAINT "webauthn_challenges_dealer_user_id_dealer_users_id_fk" FOREIGN KEY ("dealer_user_id") REFERENCES "public"."dealer_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webauthn_credentials" ADD CONSTRAINT "webauthn_credentials_dealer_user_id_dealer_users_id_fk" FOREIGN KEY ("dealer_user_id") REFERENCES "public"."dealer_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dealer_user_tokens_hash_unique" ON "dealer_user_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "dealer_user_tokens_user_idx" ON "dealer_user_tokens" USING btree ("dealer_user_id","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "dealer_users_email_ci_unique" ON "dealer_users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "dealer_users_dealer_idx" ON "dealer_users" USING btree ("dealer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webauthn_credentials_credential_id_unique" ON "webauthn_credentials" USING btree ("credential_id");--> statement-breakpoint
CREATE INDEX "webauthn_credentials_user_idx" ON "webauthn_credentials" USING btree ("dealer_user_id");--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_buyer_user_id_dealer_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."dealer_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_dealer_user_id_dealer_users_id_fk" FOREIGN KEY ("dealer_user_id") REFERENCES "public"."dealer_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_buyer_user_id_dealer_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."dealer_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_dealer_user_idx" ON "sessions" USING btree ("dealer_user_id");--> statement-breakpoint
CREATE INDEX "transactions_buyer_user_idx" ON "transactions" USING btree ("buyer_user_id","created_at");