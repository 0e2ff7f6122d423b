-- The lines of orders not cancelled, each with its order's time, for the line-level reports
-- (decision 0144). Triggers keep it in the transaction that writes an order, its lines, a change of
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

-- AddForeignKey
ALTER TABLE "SoldLine" ADD CONSTRAINT "SoldLine_id_fkey" FOREIGN KEY ("id") REFERENCES "OrderItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SoldLine" ADD CONSTRAINT "SoldLine_variantId_fkey" FOREIGN KEY ("variantId") REFERENCES "Variant"("id") ON DELETE SET NULL ON UPDATE CASCADE;



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

-- An order cancelled leaves the sold lines, one restored comes back, one whose time changes moves.
CREATE FUNCTION sold_line_on_order_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" = 'cancelled' AND OLD."status" <> 'cancelled' THEN
    DELETE FROM "SoldLine" WHERE "orderId" = NEW."id";
  ELSIF NEW."status" <> 'cancelled' AND OLD."status" = 'cancelled' THEN
    PERFORM sold_line_add_order(NEW."id");
  ELSIF NEW."createdAt" IS DISTINCT FROM OLD."createdAt" THEN
    UPDATE "SoldLine" SET "at" = NEW."createdAt" WHERE "orderId" = NEW."id";
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER sold_line_order_update AFTER UPDATE OF "status", "createdAt" ON "Order"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."createdAt" IS DISTINCT FROM NEW."createdAt")
  EXECUTE FUNCTION sold_line_on_order_update();

-- Backfill: every line of every order not cancelled.
INSERT INTO "SoldLine" ("id", "orderId", "at", "variantId", "productId", "productName", "sku", "quantity", "lineTotalCents", "productFirst", "variantFirst")
SELECT oi."id", oi."orderId", o."createdAt", oi."variantId", oi."productId", oi."productName", oi."sku", oi."quantity", oi."lineTotalCents",
  row_number() OVER (PARTITION BY oi."orderId", oi."productId", CASE WHEN oi."productId" IS NULL THEN oi."productName" END ORDER BY oi."id") = 1,
  row_number() OVER (PARTITION BY oi."orderId", oi."variantId", CASE WHEN oi."variantId" IS NULL THEN oi."sku" END ORDER BY oi."id") = 1
FROM "OrderItem" oi JOIN "Order" o ON o."id" = oi."orderId"
WHERE o."status" <> 'cancelled';
