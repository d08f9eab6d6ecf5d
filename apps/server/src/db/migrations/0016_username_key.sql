-- Usernames are unique on a folded key, so look-alikes are one name: 'alice', 'ALICE', full-width
-- 'ａｌｉｃｅ', 'alice' followed by a zero-width space and 'аlice' with a Cyrillic 'а' all fold to
-- 'alice'. The fold: NFKC, drop control and invisible format characters (zero-width, bidi controls,
-- soft hyphen), lower case, NFKC again, then common look-alikes to their Latin letter (Cyrillic and
-- Greek letters drawn like Latin ones, digits 0 and 1 to o and l). The trigger keeps the key of every
-- row, whoever inserts it; a changed username gets a new key, an unchanged one keeps its key.
CREATE OR REPLACE FUNCTION "username_key"("name" text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT btrim(translate(
    lower(normalize(regexp_replace(normalize("name", NFKC), '[\u0001-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]', '', 'g'), NFKC)),
    'аеорсухіјѕԁһԛԝӏαοινρκυχıАЕОРСУХІЈЅΑΟΙΝΡΚΥΧ01',
    'aeopcyxijsdhqwlaoivpkuxiaeopcyxijsaoinpkyxol'
  ))
$$;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "username_key" text;
--> statement-breakpoint
UPDATE "users" SET "username_key" = "username_key"("username");
--> statement-breakpoint
-- Existing accounts whose names fold to one key all keep working: the oldest keeps the key, the
-- others get it suffixed with their id (never a name anybody can type). Nobody new can take it.
UPDATE "users" AS "u" SET "username_key" = "u"."username_key" || '#' || "u"."id"
FROM "users" AS "o"
WHERE "o"."username_key" = "u"."username_key" AND ("o"."created_at", "o"."id") < ("u"."created_at", "u"."id");
--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key_uq" ON "users" ("username_key");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "users_username_key_set"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW."username" IS DISTINCT FROM OLD."username" THEN
    NEW."username_key" := "username_key"(NEW."username");
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_username_key_trg" BEFORE INSERT OR UPDATE ON "users"
FOR EACH ROW EXECUTE FUNCTION "users_username_key_set"();
