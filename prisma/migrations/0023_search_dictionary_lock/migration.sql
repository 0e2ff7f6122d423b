-- Two catalogue writes at once that both bring a word new to the dictionary ("SearchWord") used to
-- insert it each, in no fixed order: the second waited on the first's uncommitted row, and two such
-- writes crossing (A then B, B then A) deadlocked (seen in tests creating products concurrently).
-- New words are now added by one writer at a time, under a transaction advisory lock taken only
-- when there is a word to add, so writes that bring no new word (most edits) never wait.
-- The rest of search_refresh is 0020's, unchanged.
CREATE OR REPLACE FUNCTION search_refresh(ids TEXT[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  fresh TEXT[];
BEGIN
  WITH src AS (
    SELECT p."id",
      search_fold(p."name") AS a,
      search_fold(p."category" || ' ' || p."type" || ' ' || p."color" || ' ' || coalesce(v.attrs, '') || ' ' || array_to_string(p."seoKeywords", ' ')) AS b,
      search_fold((SELECT string_agg(e.value, ' ') FROM jsonb_each_text(CASE WHEN jsonb_typeof(p."specifications") = 'object' THEN p."specifications" ELSE '{}'::jsonb END) e)) AS c,
      search_fold(p."description") AS d,
      ' ' || coalesce(v.skus, '') || ' ' AS skus
    FROM "Product" p
    LEFT JOIN LATERAL (
      SELECT string_agg(DISTINCT x."color" || ' ' || x."type", ' ') AS attrs, string_agg(lower(x."sku"), ' ' ORDER BY x."sku") AS skus
      FROM "Variant" x WHERE x."productId" = p."id"
    ) v ON true
    WHERE p."id" = ANY(ids)
  ), kept AS (
    INSERT INTO "ProductSearch" ("productId", "name", "document", "nameDoc", "skus")
    SELECT src."id", src.a,
      setweight(to_tsvector('english', src.a || ' ' || search_joined_pairs(src.a)), 'A') ||
      setweight(to_tsvector('english', src.b), 'B') ||
      setweight(to_tsvector('english', src.c), 'C') ||
      setweight(to_tsvector('english', src.d), 'D'),
      to_tsvector('english', src.a || ' ' || search_joined_pairs(src.a)),
      src.skus
    FROM src
    ON CONFLICT ("productId") DO UPDATE SET "name" = EXCLUDED."name", "document" = EXCLUDED."document", "nameDoc" = EXCLUDED."nameDoc", "skus" = EXCLUDED."skus"
    RETURNING 1
  )
  SELECT array_agg(DISTINCT w ORDER BY w) INTO fresh FROM src,
    unnest(string_to_array(src.a || ' ' || search_joined_pairs(src.a) || ' ' || src.b || ' ' || src.c || ' ' || src.d, ' ')) AS w
  WHERE length(w) BETWEEN 3 AND 40 AND w ~ '^[a-z]+$'
    AND NOT EXISTS (SELECT 1 FROM "SearchWord" s WHERE s."word" = w);
  IF fresh IS NOT NULL THEN
    -- 727274002: the dictionary's writer (727274001 is the migration runner's lock).
    PERFORM pg_advisory_xact_lock(727274002);
    INSERT INTO "SearchWord" ("word") SELECT unnest(fresh) ON CONFLICT ("word") DO NOTHING;
  END IF;
END $$;
