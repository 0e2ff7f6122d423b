-- Search (decision 0169, design.md section 13): one search service over PostgreSQL's trigram
-- (pg_trgm), unaccent and full-text search, which the embedded server and a PostgreSQL server both
-- ship. Each product's searchable text is kept in "ProductSearch" by the triggers below, in the
-- same commit as the catalogue change, so a change is searchable at once; "SearchWord" is the
-- dictionary a misspelt word is corrected against; synonyms are the owner's; searches are counted
-- per day and folded query text only.

CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS unaccent;
-- CreateTable
CREATE TABLE "ProductSearch" (
    "productId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "document" tsvector NOT NULL,
    "nameDoc" tsvector NOT NULL,
    "skus" TEXT NOT NULL,

    CONSTRAINT "ProductSearch_pkey" PRIMARY KEY ("productId")
);

-- CreateTable
CREATE TABLE "SearchWord" (
    "word" TEXT NOT NULL,

    CONSTRAINT "SearchWord_pkey" PRIMARY KEY ("word")
);

-- CreateTable
CREATE TABLE "SearchSynonym" (
    "id" TEXT NOT NULL,
    "fromTerm" TEXT,
    "terms" TEXT[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SearchSynonym_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SearchQueryDay" (
    "day" DATE NOT NULL,
    "query" TEXT NOT NULL,
    "searches" INTEGER NOT NULL DEFAULT 0,
    "zeroResults" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "SearchQueryDay_pkey" PRIMARY KEY ("day","query")
);

-- CreateIndex
CREATE INDEX "ProductSearch_document_idx" ON "ProductSearch" USING GIN ("document");

-- CreateIndex
CREATE INDEX "ProductSearch_skus_idx" ON "ProductSearch" USING GIN ("skus" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "SearchWord_word_idx" ON "SearchWord" USING GIN ("word" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "SearchQueryDay_day_idx" ON "SearchQueryDay"("day");

-- AddForeignKey
ALTER TABLE "ProductSearch" ADD CONSTRAINT "ProductSearch_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Text folded as the search service folds a query (shared/domain/search/fold.ts): lower case,
-- accents removed, anything but letters and digits a single space. unaccent() is only STABLE
-- (its dictionary could change); for this shop's fixed dictionary it is as good as immutable.
CREATE FUNCTION search_fold(t TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(lower(unaccent(coalesce(t, ''))), '[^a-z0-9]+', ' ', 'g'))
$$;

-- Adjacent words of folded text written together ("bubble wrap" gives "bubblewrap"), so a buyer who
-- joins two words of a name still finds it; the service joins split words of the query the other way.
CREATE FUNCTION search_joined_pairs(folded TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(w || next_w, ' '), '') FROM (
    SELECT w, lead(w) OVER (ORDER BY n) AS next_w FROM unnest(string_to_array(folded, ' ')) WITH ORDINALITY AS t(w, n)
  ) pairs WHERE next_w IS NOT NULL AND w ~ '[a-z]' AND next_w ~ '[a-z]'
$$;

-- Rebuilds the search rows of some products (a product gone has none: its row goes by the foreign
-- key) and adds their words to the dictionary.
CREATE FUNCTION search_refresh(ids TEXT[]) RETURNS void LANGUAGE sql AS $$
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
  INSERT INTO "SearchWord" ("word")
  SELECT DISTINCT w FROM src,
    unnest(string_to_array(src.a || ' ' || search_joined_pairs(src.a) || ' ' || src.b || ' ' || src.c || ' ' || src.d, ' ')) AS w
  WHERE length(w) BETWEEN 3 AND 40 AND w ~ '^[a-z]+$'
  ON CONFLICT ("word") DO NOTHING
$$;

CREATE FUNCTION search_on_product_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_refresh(ARRAY(SELECT "id" FROM new_rows));
  RETURN NULL;
END $$;

CREATE TRIGGER search_product_insert AFTER INSERT ON "Product"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_on_product_insert();

CREATE FUNCTION search_on_product_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_refresh(ARRAY[NEW."id"]);
  RETURN NULL;
END $$;

-- Only the searchable columns: stock and sales counters change on every order and must not pay for this.
CREATE TRIGGER search_product_update AFTER UPDATE OF "name", "description", "category", "type", "color", "specifications", "seoKeywords" ON "Product"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."description" IS DISTINCT FROM NEW."description"
    OR OLD."category" IS DISTINCT FROM NEW."category" OR OLD."type" IS DISTINCT FROM NEW."type" OR OLD."color" IS DISTINCT FROM NEW."color"
    OR OLD."specifications" IS DISTINCT FROM NEW."specifications" OR OLD."seoKeywords" IS DISTINCT FROM NEW."seoKeywords")
  EXECUTE FUNCTION search_on_product_update();

CREATE FUNCTION search_on_variant_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_refresh(ARRAY(SELECT DISTINCT "productId" FROM new_rows));
  RETURN NULL;
END $$;

CREATE TRIGGER search_variant_insert AFTER INSERT ON "Variant"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_on_variant_insert();

CREATE FUNCTION search_on_variant_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_refresh(ARRAY(SELECT DISTINCT "productId" FROM old_rows));
  RETURN NULL;
END $$;

CREATE TRIGGER search_variant_delete AFTER DELETE ON "Variant"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_on_variant_delete();

CREATE FUNCTION search_on_variant_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_refresh(ARRAY[OLD."productId", NEW."productId"]);
  RETURN NULL;
END $$;

CREATE TRIGGER search_variant_update AFTER UPDATE OF "sku", "color", "type", "productId" ON "Variant"
  FOR EACH ROW WHEN (OLD."sku" IS DISTINCT FROM NEW."sku" OR OLD."color" IS DISTINCT FROM NEW."color"
    OR OLD."type" IS DISTINCT FROM NEW."type" OR OLD."productId" IS DISTINCT FROM NEW."productId")
  EXECUTE FUNCTION search_on_variant_update();

-- The catalogue already in the shop.
SELECT search_refresh(ARRAY(SELECT "id" FROM "Product"));
