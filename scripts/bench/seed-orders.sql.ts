// A year of orders for the benchmark catalogue (scripts/bench/seed-large.ts), written inside the
// database in a few set-based statements: the orders, their lines, gifts and coupon redemptions are
// all drawn from generate_series with a fixed random seed, so two runs write the same shop.
//
// What the rows look like, and why:
// - createdAt: over the 365 days before now, more in recent months (the shop grows), fewer at
//   weekends (half of the weekend draws move to the Monday after) and mostly in Singapore office
//   hours and the evening, so day and week charts have a shape.
// - buyers: BENCH_CUSTOMERS customers with accounts, drawn with a skew (a few buy often, most once
//   or twice), plus about one order in eight from guests; SG (85 %) and MY addresses.
// - lines: 1 to 6 distinct products per order, popular products drawn more often, quantities
//   mostly 1 to 4 with some at the 25 and 100 tiers; unit prices are the variant's tier price.
// - money as the shop computes it (shared/domain/cart-totals.ts): shipping from the default rules
//   on the subtotal before the discount, WELCOME10 (10 %) and BULK15 ($15 off) where their minimum
//   is met, GST = round(total x 9 / 109), gifts of the 'Spend $100' and 'Spend $250' tiers.
// - status by age: older orders delivered, the last days spread over pending to shipped; about
//   4 % cancelled at any age.
// - invoice numbers: every order is numbered (a cancelled order keeps its number), in the order
//   placed, from the 'invoice' counter's next value on, and the counter moves past them, as the
//   numbering step would have done.
// - stock: orders not yet shipped hold their units as allocated; onHand is raised by the same
//   amount so that what the catalogue shows as available does not change. No ledger rows are
//   written: no report reads the ledger.
// The SQL has no outside input, only the integer constants passed in.

export function ordersSql(orders: number, customers: number, products: number): string {
  return `
SELECT setseed(0.22);
INSERT INTO "User" ("id","email","passwordHash","role","firstName","lastName","displayName","createdAt","updatedAt")
SELECT 'bench_u_' || k, 'bench-buyer-' || k || '@example.com', '!bench-no-login', 'customer',
       (ARRAY['Wei Ling','Ahmad','Priya','Jun Hao','Siti','Marcus','Mei','Ravi','Hui Min','Daniel'])[1 + k % 10],
       (ARRAY['Tan','Lim','Ng','Wong','Rahman','Kumar','Lee','Goh','Chua','Abdullah'])[1 + (k / 10) % 10],
       'Buyer ' || k, now() - interval '400 days', now()
FROM generate_series(0, ${customers - 1}) AS k;

CREATE TEMP TABLE bo ON COMMIT DROP AS
WITH d AS (
  SELECT i,
         floor(365 * power(random(), 1.4))::int AS days_ago,
         (ARRAY[9,10,10,11,11,11,12,13,14,14,15,15,16,16,17,19,20,20,21,21,21,22,22,23])[1 + floor(random() * 24)::int] AS sg_hour,
         random() AS r_min, random() AS r_cust, random() AS r_guest, random() AS r_country, random() AS r_status,
         random() AS r_cancel, random() AS r_coupon, random() AS r_weekend, 1 + floor(power(random(), 1.6) * 6)::int AS nlines
  FROM generate_series(0, ${orders - 1}) AS i
), t AS (
  SELECT d.*, (date_trunc('day', (now() AT TIME ZONE 'UTC') + interval '8 hours') - d.days_ago * interval '1 day') AS sg_day FROM d
), w AS (
  -- Half of the weekend draws move to a weekday of the week after (never past today).
  SELECT t.*, CASE WHEN extract(isodow FROM sg_day) >= 6 AND r_weekend < 0.5 AND days_ago >= 7
                   THEN sg_day + (8 - extract(isodow FROM sg_day)::int + floor(r_weekend * 10)::int) * interval '1 day' ELSE sg_day END AS day2
  FROM t
)
SELECT i, nlines,
       -- Singapore wall time back to UTC (timestamp without time zone holding UTC, as the app writes it)
       LEAST(day2 + sg_hour * interval '1 hour' + floor(r_min * 3600) * interval '1 second' - interval '8 hours',
             (now() AT TIME ZONE 'UTC') - interval '1 minute')::timestamp(3) AS created_at,
       CASE WHEN r_guest < 0.12 THEN NULL ELSE floor(${customers} * power(r_cust, 2.2))::int END AS cust,
       CASE WHEN r_country < 0.85 THEN 'SG' ELSE 'MY' END AS country,
       r_status, r_cancel, r_coupon
FROM w;

CREATE TEMP TABLE bl ON COMMIT DROP AS
WITH l AS (
  SELECT bo.i, j,
         -- distinct products within an order: a skewed first pick, the next ones a fixed stride on
         (floor(${products} * power(random(), 2.5))::int + (j - 1) * 997) % ${products} AS p,
         (ARRAY['17x30','20x30','25x35','28x42','32x43'])[1 + floor(random() * 5)::int] AS size,
         (ARRAY[50,100])[1 + floor(random() * 2)::int] AS pack,
         random() AS r_qty
  FROM bo CROSS JOIN LATERAL generate_series(1, bo.nlines) AS j
), q AS (
  SELECT l.*, CASE WHEN r_qty < 0.90 THEN 1 + floor(r_qty / 0.90 * 4)::int
                   WHEN r_qty < 0.985 THEN 25 + floor((r_qty - 0.90) / 0.085 * 16)::int
                   ELSE 100 + floor((r_qty - 0.985) / 0.015 * 21)::int END AS qty
  FROM l
)
SELECT q.i, q.j, v."id" AS variant_id, v."productId" AS product_id, pr."name" AS product_name, v."sku",
       jsonb_build_object('size', v."sizeCode", 'color', v."color", 'pack_size', v."packSize", 'type', v."type") AS attributes,
       q.qty, v."weightGrams" * q.qty AS weight,
       -- the variant's tier price for this quantity (the highest tier whose minimum is met)
       (SELECT t."priceCents" FROM "PriceTier" t WHERE t."variantId" = v."id" AND t."minQuantity" <= q.qty ORDER BY t."minQuantity" DESC LIMIT 1) AS unit
FROM q
JOIN "Variant" v ON v."id" = 'bench_v_' || q.p || '_' || q.size || '_' || q.pack
JOIN "Product" pr ON pr."id" = v."productId";

CREATE TEMP TABLE bt ON COMMIT DROP AS
WITH s AS (
  SELECT bo.*, SUM(bl.unit * bl.qty)::int AS subtotal, SUM(bl.weight)::int AS weight
  FROM bo JOIN bl ON bl.i = bo.i GROUP BY bo.i, bo.nlines, bo.created_at, bo.cust, bo.country, bo.r_status, bo.r_cancel, bo.r_coupon
), c AS (
  SELECT s.*,
    CASE WHEN country = 'SG' THEN (CASE WHEN subtotal >= 8000 THEN 0 ELSE 600 END)
         ELSE (CASE WHEN subtotal >= 30000 THEN 0 ELSE 1200 + GREATEST(0, ceil((weight - 1000) / 1000.0))::int * 400 END) END AS shipping,
    CASE WHEN r_coupon < 0.08 AND subtotal >= 3000 THEN 'WELCOME10'
         WHEN r_coupon >= 0.08 AND r_coupon < 0.11 AND subtotal >= 15000 THEN 'BULK15' END AS coupon
  FROM s
), m AS (
  SELECT c.*, CASE coupon WHEN 'WELCOME10' THEN round(subtotal * 1000 / 10000.0)::int WHEN 'BULK15' THEN LEAST(1500, subtotal) ELSE 0 END AS discount
  FROM c
)
SELECT m.*, subtotal + shipping - discount AS total,
       round((subtotal + shipping - discount) * 9 / 109.0)::int AS gst,
       (CASE WHEN r_cancel < 0.04 THEN 'cancelled'
             WHEN created_at < (now() AT TIME ZONE 'UTC') - interval '10 days' THEN 'delivered'
             WHEN r_status < 0.2 THEN 'pending' WHEN r_status < 0.45 THEN 'paid' WHEN r_status < 0.65 THEN 'processing'
             WHEN r_status < 0.9 THEN 'shipped' ELSE 'delivered' END)::"OrderStatus" AS status,
       row_number() OVER (ORDER BY created_at, i) AS n
FROM m;

INSERT INTO "Counter" ("name","value") VALUES ('invoice', 0) ON CONFLICT ("name") DO NOTHING;

INSERT INTO "Order" ("id","orderNumber","userId","email","status","paymentMethod","subtotalCents","discountCents","shippingCents",
  "gstCents","totalCents","totalWeightGrams","couponCode","shipFullName","shipPhone","shipLine1","shipLine2","shipUnit",
  "shipPostalCode","shipCity","shipState","shipCountry","invoiceNumber","invoiceDue","createdAt","updatedAt",
  "paidAt","shippedAt","deliveredAt","cancelledAt")
SELECT 'bench_o_' || bt.i,
       'PS-' || to_char(bt.created_at + interval '8 hours', 'YYYYMMDD') || '-B' || lpad(upper(to_hex(bt.i)), 5, '0'),
       CASE WHEN bt.cust IS NULL THEN NULL ELSE 'bench_u_' || bt.cust END,
       CASE WHEN bt.cust IS NULL THEN 'bench-guest-' || bt.i || '@example.com' ELSE 'bench-buyer-' || bt.cust || '@example.com' END,
       bt.status, 'stripe', bt.subtotal, bt.discount, bt.shipping, bt.gst, bt.total, bt.weight, bt.coupon,
       CASE WHEN bt.cust IS NULL THEN 'Guest ' || bt.i ELSE 'Buyer ' || bt.cust END,
       CASE WHEN bt.country = 'SG' THEN '+65 9' ELSE '+60 12' END || lpad(((bt.i * 7919) % 10000000)::text, 7, '0'),
       (1 + bt.i % 200) || CASE WHEN bt.country = 'SG' THEN ' Ang Mo Kio Avenue ' || (1 + bt.i % 10) ELSE ' Jalan Ampang' END,
       NULL, CASE WHEN bt.i % 3 = 0 THEN '#' || lpad((2 + bt.i % 20)::text, 2, '0') || '-' || lpad((1 + bt.i % 90)::text, 2, '0') END,
       CASE WHEN bt.country = 'SG' THEN lpad((100000 + (bt.i * 31) % 700000)::text, 6, '0') ELSE lpad((50000 + (bt.i * 31) % 30000)::text, 5, '0') END,
       CASE WHEN bt.country = 'SG' THEN 'Singapore' ELSE (ARRAY['Kuala Lumpur','Johor Bahru','Petaling Jaya','Penang'])[1 + bt.i % 4] END,
       CASE WHEN bt.country = 'SG' THEN 'Singapore' ELSE (ARRAY['Kuala Lumpur','Johor','Selangor','Penang'])[1 + bt.i % 4] END,
       bt.country,
       (SELECT "value" FROM "Counter" WHERE "name" = 'invoice') + bt.n, false,
       bt.created_at, bt.created_at,
       CASE WHEN bt.status NOT IN ('pending','cancelled') THEN bt.created_at + interval '2 minutes' END,
       CASE WHEN bt.status IN ('shipped','delivered') THEN bt.created_at + interval '1 day' END,
       CASE WHEN bt.status = 'delivered' THEN bt.created_at + interval '3 days' END,
       CASE WHEN bt.status = 'cancelled' THEN bt.created_at + interval '3 hours' END
FROM bt;

UPDATE "Counter" SET "value" = "value" + (SELECT count(*) FROM bt) WHERE "name" = 'invoice';

INSERT INTO "OrderItem" ("id","orderId","variantId","productId","productName","sku","attributes","unitPriceCents","quantity","lineTotalCents")
SELECT 'bench_oi_' || bl.i || '_' || bl.j, 'bench_o_' || bl.i, bl.variant_id, bl.product_id, bl.product_name, bl.sku, bl.attributes,
       bl.unit, bl.qty, bl.unit * bl.qty
FROM bl;

-- Gifts: one from 'Spend $100' at $100 (before the discount, as the cart judges it), two more of 'Spend $250' at $250.
INSERT INTO "OrderGift" ("id","orderId","giftItemId","giftName","tierId","tierName","quantity")
SELECT 'bench_og_' || bt.i || '_' || g.k, 'bench_o_' || bt.i, gi."id", g.gift, gt."id", g.tier, 1
FROM bt
JOIN (VALUES (1, 10000, 'Spend $100', 'Fragile Stickers (Roll of 50)'),
             (2, 25000, 'Spend $250', 'Thermal Labels 100x150 (Pack of 20)'),
             (3, 25000, 'Spend $250', 'Mini Bubble Wrap Roll')) AS g(k, threshold, tier, gift)
  ON bt.subtotal >= g.threshold AND (g.k > 1 OR bt.subtotal < 25000)
LEFT JOIN LATERAL (SELECT "id" FROM "GiftItem" WHERE "name" = g.gift ORDER BY "createdAt" LIMIT 1) gi ON true
LEFT JOIN LATERAL (SELECT "id" FROM "GiftTier" WHERE "name" = g.tier ORDER BY "createdAt" LIMIT 1) gt ON true;

INSERT INTO "CouponRedemption" ("id","couponId","orderId","userId","discountCents","createdAt")
SELECT 'bench_cr_' || bt.i, c."id", 'bench_o_' || bt.i, CASE WHEN bt.cust IS NULL THEN NULL ELSE 'bench_u_' || bt.cust END, bt.discount, bt.created_at
FROM bt JOIN "Coupon" c ON c."code" = bt.coupon
WHERE bt.status <> 'cancelled';

-- Orders not shipped yet hold their units; onHand rises with them so that "available" is unchanged.
UPDATE "Variant" v SET "allocated" = v."allocated" + h.units, "onHand" = v."onHand" + h.units
FROM (SELECT bl.variant_id, SUM(bl.qty)::int AS units FROM bl JOIN bt ON bt.i = bl.i
      WHERE bt.status IN ('pending','paid','processing') GROUP BY bl.variant_id) h
WHERE v."id" = h.variant_id;
ANALYZE;
`;
}
