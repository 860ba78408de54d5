-- A buy code is a person's authority (docs/design.md §11, docs/decisions/0018-codes-belong-to-people.md):
-- once a dealership has a team, each code belongs to one member (a buyer or an owner).
ALTER TABLE "buy_codes" ADD COLUMN "dealer_user_id" integer;--> statement-breakpoint
ALTER TABLE "buy_codes" ADD CONSTRAINT "buy_codes_dealer_user_id_dealer_users_id_fk" FOREIGN KEY ("dealer_user_id") REFERENCES "public"."dealer_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "buy_codes_holder_idx" ON "buy_codes" USING btree ("dealer_user_id");--> statement-breakpoint
-- Codes from before the team are the owner's (the first enabled owner of the dealership).
UPDATE "buy_codes" SET "dealer_user_id" = (
  SELECT u."id" FROM "dealer_users" u
  WHERE u."dealer_id" = "buy_codes"."dealer_id" AND u."role" = 'owner' AND u."disabled_at" IS NULL
  ORDER BY u."created_at", u."id" LIMIT 1
) WHERE "dealer_user_id" IS NULL;--> statement-breakpoint
-- A name + code session of a dealership that has a team named nobody: it ends (resolveViewer refuses
-- such sessions from now on too); the person signs in again and gets their own session.
UPDATE "sessions" SET "revoked_at" = now()
WHERE "role" = 'dealer' AND "dealer_user_id" IS NULL AND "revoked_at" IS NULL
  AND EXISTS (SELECT 1 FROM "dealer_users" u WHERE u."dealer_id" = "sessions"."subject_id" AND u."disabled_at" IS NULL);
