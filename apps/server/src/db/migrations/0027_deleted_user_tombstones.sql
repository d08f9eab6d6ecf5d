DROP INDEX "users_username_lower_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_uq" ON "users" USING btree (lower("username")) WHERE "users"."deleted_at" is null;--> statement-breakpoint
-- A deleted account's tombstone (issue 28) is named 'Deleted user' like every other: its key is
-- '#deleted#<id>', which no typed name folds to ('#' is never in a name), so the name index of the
-- living (users_username_key_uq) never sees two tombstones collide.
CREATE OR REPLACE FUNCTION "users_username_key_set"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."deleted_at" IS NOT NULL THEN
    NEW."username_key" := '#deleted#' || NEW."id";
  ELSIF TG_OP = 'INSERT' OR NEW."username" IS DISTINCT FROM OLD."username" THEN
    NEW."username_key" := "username_key"(NEW."username");
  END IF;
  RETURN NEW;
END
$$;
