-- A quote remembers whether it was asked for on the cart's lines (docs/decisions/0180): accepting
-- such a quote takes its lines out of the cart; a quote asked for from a product page or quick order
-- never touches the cart.
ALTER TABLE "Quote" ADD COLUMN "fromCart" BOOLEAN NOT NULL DEFAULT false;

-- Every quote a buyer asked for before this migration was asked for on the cart.
UPDATE "Quote" SET "fromCart" = true WHERE "createdById" IS NULL;
