ALTER TABLE "buy_codes" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
-- Sessions from before: admins and staff proved a password; a dealer session's proof is not known,
-- so it counts as the weakest (name + code): it may buy and read, and signs in again to manage identity.
ALTER TABLE "sessions" ADD COLUMN "proof" text;--> statement-breakpoint
UPDATE "sessions" SET "proof" = CASE "role" WHEN 'admin' THEN 'password' WHEN 'staff' THEN 'staff_password' ELSE 'code' END;--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "proof" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "buy_code_id" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "passkey_id" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "reauthenticated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_buy_code_id_buy_codes_id_fk" FOREIGN KEY ("buy_code_id") REFERENCES "public"."buy_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_passkey_id_webauthn_credentials_id_fk" FOREIGN KEY ("passkey_id") REFERENCES "public"."webauthn_credentials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_buy_code_idx" ON "sessions" USING btree ("buy_code_id");--> statement-breakpoint
CREATE INDEX "sessions_passkey_idx" ON "sessions" USING btree ("passkey_id");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_proof_check" CHECK ("sessions"."proof" in ('password', 'passkey', 'invitation', 'code', 'staff_password'));