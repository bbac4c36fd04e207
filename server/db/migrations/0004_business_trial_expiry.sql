-- Every business has an expiry (ADR 0015): one that has none gets the trial a new business gets,
-- its creation plus the agency's configuration.trialDays (a whole number, clamped to 0..365;
-- default 7), the same rule as server/domain/subscription.ts. A business with no expiry was
-- never paid through a plan, so it is left unpaid: on its trial, or expired once that has passed.
UPDATE "businesses" AS b SET "expiry_date_for_customer" = b."created_at" + make_interval(days => (
  CASE WHEN jsonb_typeof(a."configuration" -> 'trialDays') = 'number' THEN
    CASE WHEN (a."configuration" ->> 'trialDays')::numeric = trunc((a."configuration" ->> 'trialDays')::numeric)
      THEN least(greatest((a."configuration" ->> 'trialDays')::numeric, 0), 365)::int
      ELSE 7
    END
  ELSE 7
  END))
FROM "agencies" AS a
WHERE a."id" = b."agency_id" AND b."expiry_date_for_customer" IS NULL;
