-- Contact phone numbers to E.164 (ADR 0011): businesses, cards' basic details (and their "tel"
-- contact rows) and visitors' messages. Before this, Indian numbers were stored as 10 digits
-- (mobiles) or 0 + STD code (landlines), others as typed with a +. Sign-in ids (users,
-- franchisees, agencies' admin phone) stay 10-digit Indian mobiles. Values it cannot read are left
-- as they are (the panel still dials their digits).
CREATE FUNCTION phones_e164_tmp(p text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN p IS NULL THEN NULL
    WHEN c ~ '^[6-9][0-9]{9}$' THEN '+91' || c
    WHEN c ~ '^0[1-9][0-9]{9}$' THEN '+91' || substr(c, 2)
    WHEN c ~ '^91[6-9][0-9]{9}$' THEN '+' || c
    WHEN c ~ '^\+[1-9][0-9]{6,14}$' THEN c
    ELSE p
  END
  FROM (SELECT regexp_replace(p, '[[:space:]().-]', '', 'g') AS c) AS x
$$;
--> statement-breakpoint
UPDATE "businesses" SET
  "phone_number" = phones_e164_tmp("phone_number"),
  "alternate_phone_number" = phones_e164_tmp("alternate_phone_number"),
  "whatsapp_number" = phones_e164_tmp("whatsapp_number")
WHERE coalesce("phone_number", '') || coalesce("alternate_phone_number", '') || coalesce("whatsapp_number", '') <> '';
--> statement-breakpoint
UPDATE "feedback" SET "phone_number" = phones_e164_tmp("phone_number") WHERE "phone_number" IS NOT NULL;
--> statement-breakpoint
UPDATE "cards" SET "basic_details" = (
  SELECT jsonb_object_agg(
    key,
    CASE
      WHEN key IN ('phoneNumber', 'alternatePhoneNumber', 'whatsappNumber') AND jsonb_typeof(value) = 'string'
        THEN to_jsonb(phones_e164_tmp(value #>> '{}'))
      WHEN key = 'contactFields' AND jsonb_typeof(value) = 'array' THEN coalesce((
        SELECT jsonb_agg(
          CASE WHEN f ->> 'type' = 'tel' AND jsonb_typeof(f -> 'value') = 'string'
            THEN jsonb_set(f, '{value}', to_jsonb(phones_e164_tmp(f ->> 'value')))
            ELSE f
          END ORDER BY i)
        FROM jsonb_array_elements(value) WITH ORDINALITY AS e(f, i)), '[]'::jsonb)
      ELSE value
    END)
  FROM jsonb_each("basic_details")
)
WHERE "basic_details" <> '{}'::jsonb;
--> statement-breakpoint
DROP FUNCTION phones_e164_tmp(text);
