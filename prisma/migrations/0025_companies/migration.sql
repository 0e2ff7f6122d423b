-- Companies (decision 0188): a business customer with several buyers. The company details each
-- customer kept on their own account ("User"."company", JSON) move into a company each, with that
-- customer as its admin, and their orders that printed the company are the company's orders.
-- Details that never read as a company (the app showed none: not an object, a country other than
-- SG/MY, a field of the wrong type; server/auth/user.mapper.ts companyOf before 0025) are kept
-- verbatim in "User"."legacyCompany" so nothing typed is lost.

-- CreateEnum
CREATE TYPE "CompanyRole" AS ENUM ('admin', 'buyer');

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "companyId" TEXT;


-- CreateTable
CREATE TABLE "Company" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "country" TEXT NOT NULL,
    "registrationNumber" TEXT NOT NULL,
    "taxNumber" TEXT,
    "billingAddress" TEXT,
    "paymentTermsDays" INTEGER NOT NULL DEFAULT 0,
    "creditLimitCents" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Company_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CompanyMember" (
    "userId" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "role" "CompanyRole" NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CompanyMember_pkey" PRIMARY KEY ("userId")
);

-- CreateTable
CREATE TABLE "CompanyInvitation" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "role" "CompanyRole" NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "acceptedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),
    "invitedById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CompanyInvitation_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Company_name_idx" ON "Company"("name");

-- CreateIndex
CREATE INDEX "CompanyMember_companyId_role_idx" ON "CompanyMember"("companyId", "role");

-- CreateIndex
CREATE UNIQUE INDEX "CompanyInvitation_tokenHash_key" ON "CompanyInvitation"("tokenHash");

-- CreateIndex
CREATE INDEX "CompanyInvitation_companyId_createdAt_idx" ON "CompanyInvitation"("companyId", "createdAt");

-- CreateIndex
CREATE INDEX "CompanyInvitation_email_idx" ON "CompanyInvitation"("email");

-- CreateIndex
CREATE INDEX "Order_companyId_createdAt_idx" ON "Order"("companyId", "createdAt");

-- AddForeignKey
ALTER TABLE "CompanyMember" ADD CONSTRAINT "CompanyMember_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CompanyMember" ADD CONSTRAINT "CompanyMember_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CompanyInvitation" ADD CONSTRAINT "CompanyInvitation_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Order" ADD CONSTRAINT "Order_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- Ids as newId() makes them (decision 0177): "c", base-36 milliseconds (8), a counter (4), randomness (12).
CREATE FUNCTION "_0025_base36"(n BIGINT, width INT) RETURNS TEXT LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  digits TEXT := '';
BEGIN
  FOR i IN 1..width LOOP
    digits := substr('0123456789abcdefghijklmnopqrstuvwxyz', (n % 36)::INT + 1, 1) || digits;
    n := n / 36;
  END LOOP;
  RETURN digits;
END $$;

ALTER TABLE "User" ADD COLUMN "legacyCompany" JSONB;

CREATE TEMPORARY TABLE "_0025_move" ON COMMIT DROP AS
SELECT u."id" AS "userId", u."company" AS c, u."createdAt",
  'c' || "_0025_base36"((extract(epoch FROM clock_timestamp()) * 1000)::BIGINT, 8)
      || "_0025_base36"((row_number() OVER (ORDER BY u."createdAt", u."id") - 1) % 1679616, 4)
      || "_0025_base36"(floor(random() * 4738381338321616896)::BIGINT, 12) AS "companyId",
  (jsonb_typeof(u."company") = 'object'
    AND jsonb_typeof(u."company"->'name') = 'string'
    AND jsonb_typeof(u."company"->'country') = 'string'
    AND u."company"->>'country' IN ('SG', 'MY')
    AND jsonb_typeof(u."company"->'registration_number') = 'string'
    AND coalesce(jsonb_typeof(u."company"->'tax_number'), 'null') IN ('string', 'null')
    AND coalesce(jsonb_typeof(u."company"->'billing_address'), 'null') IN ('string', 'null')) AS readable
FROM "User" u
WHERE u."company" IS NOT NULL AND jsonb_typeof(u."company") <> 'null';

INSERT INTO "Company" ("id", "name", "country", "registrationNumber", "taxNumber", "billingAddress", "createdAt", "updatedAt")
SELECT "companyId", c->>'name', c->>'country', c->>'registration_number', c->>'tax_number', c->>'billing_address', "createdAt", CURRENT_TIMESTAMP
FROM "_0025_move" WHERE readable;

INSERT INTO "CompanyMember" ("userId", "companyId", "role", "createdAt")
SELECT "userId", "companyId", 'admin', "createdAt" FROM "_0025_move" WHERE readable;

UPDATE "User" u SET "legacyCompany" = m.c FROM "_0025_move" m WHERE m."userId" = u."id" AND NOT m.readable;

-- The orders that printed the company on their invoice were placed for it.
UPDATE "Order" o SET "companyId" = m."companyId"
FROM "_0025_move" m
WHERE m.readable AND o."userId" = m."userId" AND jsonb_typeof(o."buyerCompany") = 'object';

DROP FUNCTION "_0025_base36"(BIGINT, INT);

ALTER TABLE "User" DROP COLUMN "company";
