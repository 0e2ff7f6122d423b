-- The lines of orders not cancelled, each with its order's time, for the line-level reports, and
-- the gifts of those orders per tier for the promotions report (decision 0144). Triggers keep it in the transaction that writes an order, its lines, a change of
-- status or of its time, whichever code path does so (placement, quotes, admin cancel, payment
-- expiry, a script). Deleting a line (or its order) deletes its row by the foreign key; deleting a
-- variant nulls it, as on the line.

-- CreateTable
CREATE TABLE "SoldLine" (
    "id" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "variantId" TEXT,
    "productId" TEXT,
    "productName" TEXT NOT NULL,
    "sku" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL,
    "lineTotalCents" INTEGER NOT NULL,
    "productFirst" BOOLEAN NOT NULL,
    "variantFirst" BOOLEAN NOT NULL,

    CONSTRAINT "SoldLine_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SoldLine_at_variantId_productId_quantity_lineTotalCents_pro_idx" ON "SoldLine"("at", "variantId", "productId", "quantity", "lineTotalCents", "productFirst", "variantFirst");

-- CreateIndex
CREATE INDEX "SoldLine_orderId_idx" ON "SoldLine"("orderId");

-- CreateIndex
CREATE INDEX "SoldLine_variantId_idx" ON "SoldLine"("variantId");

-- CreateIndex
CREATE INDEX "SoldLine_productId_idx" ON "SoldLine"("productId");

-- AddForeignKey
ALTER TABLE "SoldLine" ADD CONSTRAINT "SoldLine_id_fkey" FOREIGN KEY ("id") REFERENCES "OrderItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SoldLine" ADD CONSTRAINT "SoldLine_variantId_fkey" FOREIGN KEY ("variantId") REFERENCES "Variant"("id") ON DELETE SET NULL ON UPDATE CASCADE;



-- CreateTable
CREATE TABLE "SoldGift" (
    "orderId" TEXT NOT NULL,
    "tier" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "totalCents" INTEGER NOT NULL,
    "gifts" INTEGER NOT NULL,

    CONSTRAINT "SoldGift_pkey" PRIMARY KEY ("orderId","tier")
);

-- CreateIndex
CREATE INDEX "SoldGift_at_tier_gifts_totalCents_idx" ON "SoldGift"("at", "tier", "gifts", "totalCents");

-- AddForeignKey
ALTER TABLE "SoldGift" ADD CONSTRAINT "SoldGift_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The sold-line rows of some lines, those of orders not cancelled; "productFirst" marks the first
-- line of each product among an order's lines (by line id), grouped as the products report groups
-- (a line whose product id is gone by its product name). The lines are "OrderItem" rows, or the
-- lines one statement wrote (placement writes all of an order's lines in one statement).
CREATE FUNCTION sold_line_add_order(order_id TEXT) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "SoldLine" ("id", "orderId", "at", "variantId", "productId", "productName", "sku", "quantity", "lineTotalCents", "productFirst", "variantFirst")
  SELECT oi."id", oi."orderId", o."createdAt", oi."variantId", oi."productId", oi."productName", oi."sku", oi."quantity", oi."lineTotalCents",
    row_number() OVER (PARTITION BY oi."orderId", oi."productId", CASE WHEN oi."productId" IS NULL THEN oi."productName" END ORDER BY oi."id") = 1,
    row_number() OVER (PARTITION BY oi."orderId", oi."variantId", CASE WHEN oi."variantId" IS NULL THEN oi."sku" END ORDER BY oi."id") = 1
  FROM "OrderItem" oi JOIN "Order" o ON o."id" = oi."orderId"
  WHERE oi."orderId" = order_id AND o."status" <> 'cancelled'
  ON CONFLICT ("id") DO NOTHING
$$;

CREATE FUNCTION sold_line_on_item_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "SoldLine" ("id", "orderId", "at", "variantId", "productId", "productName", "sku", "quantity", "lineTotalCents", "productFirst", "variantFirst")
  SELECT n."id", n."orderId", o."createdAt", n."variantId", n."productId", n."productName", n."sku", n."quantity", n."lineTotalCents",
    row_number() OVER (PARTITION BY n."orderId", n."productId", CASE WHEN n."productId" IS NULL THEN n."productName" END ORDER BY n."id") = 1,
    row_number() OVER (PARTITION BY n."orderId", n."variantId", CASE WHEN n."variantId" IS NULL THEN n."sku" END ORDER BY n."id") = 1
  FROM new_lines n JOIN "Order" o ON o."id" = n."orderId"
  WHERE o."status" <> 'cancelled'
  ON CONFLICT ("id") DO NOTHING;
  RETURN NULL;
END $$;

CREATE TRIGGER sold_line_item_insert AFTER INSERT ON "OrderItem"
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION sold_line_on_item_insert();

-- The gifts of an order not cancelled, per tier, with its time and total.
CREATE FUNCTION sold_gift_add_order(order_id TEXT) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "SoldGift" ("orderId", "tier", "at", "totalCents", "gifts")
  SELECT o."id", COALESCE(og."tierName", 'No tier'), o."createdAt", o."totalCents", SUM(og."quantity")
  FROM "OrderGift" og JOIN "Order" o ON o."id" = og."orderId"
  WHERE og."orderId" = order_id AND o."status" <> 'cancelled'
  GROUP BY 1, 2, 3, 4
  ON CONFLICT ("orderId", "tier") DO NOTHING
$$;

CREATE FUNCTION sold_gift_on_gift_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "SoldGift" ("orderId", "tier", "at", "totalCents", "gifts")
  SELECT o."id", COALESCE(n."tierName", 'No tier'), o."createdAt", o."totalCents", SUM(n."quantity")
  FROM new_gifts n JOIN "Order" o ON o."id" = n."orderId"
  WHERE o."status" <> 'cancelled'
  GROUP BY 1, 2, 3, 4
  ON CONFLICT ("orderId", "tier") DO UPDATE SET "gifts" = "SoldGift"."gifts" + EXCLUDED."gifts";
  RETURN NULL;
END $$;

CREATE TRIGGER sold_gift_gift_insert AFTER INSERT ON "OrderGift"
  REFERENCING NEW TABLE AS new_gifts FOR EACH STATEMENT EXECUTE FUNCTION sold_gift_on_gift_insert();

-- An order cancelled leaves the sold lines and gifts, one restored comes back, one whose time or
-- total changes carries the change.
CREATE FUNCTION sold_line_on_order_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" = 'cancelled' AND OLD."status" <> 'cancelled' THEN
    DELETE FROM "SoldLine" WHERE "orderId" = NEW."id";
    DELETE FROM "SoldGift" WHERE "orderId" = NEW."id";
  ELSIF NEW."status" <> 'cancelled' AND OLD."status" = 'cancelled' THEN
    PERFORM sold_line_add_order(NEW."id");
    PERFORM sold_gift_add_order(NEW."id");
  ELSIF NEW."status" <> 'cancelled' THEN
    IF NEW."createdAt" IS DISTINCT FROM OLD."createdAt" THEN
      UPDATE "SoldLine" SET "at" = NEW."createdAt" WHERE "orderId" = NEW."id";
    END IF;
    UPDATE "SoldGift" SET "at" = NEW."createdAt", "totalCents" = NEW."totalCents" WHERE "orderId" = NEW."id";
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER sold_line_order_update AFTER UPDATE OF "status", "createdAt", "totalCents" ON "Order"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."createdAt" IS DISTINCT FROM NEW."createdAt" OR OLD."totalCents" IS DISTINCT FROM NEW."totalCents")
  EXECUTE FUNCTION sold_line_on_order_update();

-- Backfill: every line of every order not cancelled.
INSERT INTO "SoldLine" ("id", "orderId", "at", "variantId", "productId", "productName", "sku", "quantity", "lineTotalCents", "productFirst", "variantFirst")
SELECT oi."id", oi."orderId", o."createdAt", oi."variantId", oi."productId", oi."productName", oi."sku", oi."quantity", oi."lineTotalCents",
  row_number() OVER (PARTITION BY oi."orderId", oi."productId", CASE WHEN oi."productId" IS NULL THEN oi."productName" END ORDER BY oi."id") = 1,
  row_number() OVER (PARTITION BY oi."orderId", oi."variantId", CASE WHEN oi."variantId" IS NULL THEN oi."sku" END ORDER BY oi."id") = 1
FROM "OrderItem" oi JOIN "Order" o ON o."id" = oi."orderId"
WHERE o."status" <> 'cancelled';

-- Backfill: the gifts of every order not cancelled, per tier.
INSERT INTO "SoldGift" ("orderId", "tier", "at", "totalCents", "gifts")
SELECT o."id", COALESCE(og."tierName", 'No tier'), o."createdAt", o."totalCents", SUM(og."quantity")
FROM "OrderGift" og JOIN "Order" o ON o."id" = og."orderId"
WHERE o."status" <> 'cancelled'
GROUP BY 1, 2, 3, 4;
