-- All Businesses' search ("contains", any case) on 100,000 businesses (ADR 0016): trigram GIN
-- indexes where the database has pg_trgm (PostgreSQL's contrib); where it does not (PGlite as we
-- open it), nothing is created and searches scan, which is fine at a single agency's size.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm is not available here: business searches will scan';
END $$;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS businesses_search_trgm_idx ON businesses USING gin (
      business_name gin_trgm_ops, email gin_trgm_ops, phone_number gin_trgm_ops,
      alternate_phone_number gin_trgm_ops, whatsapp_number gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS users_search_trgm_idx ON users USING gin (email gin_trgm_ops, phone_number gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS cards_card_id_trgm_idx ON cards USING gin (card_id gin_trgm_ops);
  END IF;
END $$;
