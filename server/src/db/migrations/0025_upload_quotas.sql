CREATE TABLE "open_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"area" text NOT NULL,
	"session_id" integer NOT NULL,
	"dealer_id" integer,
	"bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "open_uploads" ADD CONSTRAINT "open_uploads_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "open_uploads_session_idx" ON "open_uploads" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "open_uploads_dealer_idx" ON "open_uploads" USING btree ("dealer_id");