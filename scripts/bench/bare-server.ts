import express from 'express';

// The yardstick the bench's targets are ratios to: a bare Express server answering the same ~2.4 KB
// JSON of 20 products, run beside the shop in the same bench run so that noise affects both alike.
const products = Array.from({ length: 20 }, (_, i) => ({
  id: `prod_${i}`,
  name: `Polymailer ${i}`,
  description: 'Durable LDPE',
  images: [`/uploads/p${i}.webp`],
  featured: i < 3,
  price_range: { min: 7.99, max: 19.9 },
  in_stock: true,
}));
const payload = { products, total: 20, pages: 1, page: 1, limit: 20 };
const app = express();
app.use(express.json());
app.all('/{*splat}', (_req, res) => {
  res.json(payload);
});
const server = app.listen(Number(process.env.PORT ?? 3299), '127.0.0.1', () => console.log('bare ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
