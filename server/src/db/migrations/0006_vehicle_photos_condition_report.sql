CREATE TABLE "vehicle_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"vehicle_id" integer,
	"upload_id" text NOT NULL,
	"storage_key" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"kind" text DEFAULT 'extra' NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"placeholder" text NOT NULL,
	"original_mime" text NOT NULL,
	"uploaded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "damage" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "tires" jsonb DEFAULT '{"lf":null,"rf":null,"lr":null,"rr":null}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "warning_lights" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "condition_reported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "grade" numeric(2, 1);--> statement-breakpoint
ALTER TABLE "vehicle_photos" ADD CONSTRAINT "vehicle_photos_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_photos_upload_id_unique" ON "vehicle_photos" USING btree ("upload_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_photos_storage_key_unique" ON "vehicle_photos" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "vehicle_photos_vehicle_position_idx" ON "vehicle_photos" USING btree ("vehicle_id","position");