import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { loopbackBase, warmPages } from './warm-up';

const asked: string[] = [];
const server: Server = createServer((req, res) => {
  asked.push(req.url ?? '');
  res.statusCode = req.url === '/missing' ? 404 : 200;
  res.end('<html></html>');
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

describe('a started shop asks itself for its first pages', () => {
  it('reaches itself on the loopback whatever interface it listens on', () => {
    expect(loopbackBase({ address: '0.0.0.0', family: 'IPv4', port: 3000 })).toBe('http://127.0.0.1:3000');
    expect(loopbackBase({ address: '::', family: 'IPv6', port: 3000 })).toBe('http://[::1]:3000');
    expect(loopbackBase({ address: '192.168.1.5', family: 'IPv4', port: 8080 })).toBe('http://192.168.1.5:8080');
    expect(loopbackBase('/run/shop.sock')).toBeNull();
    expect(loopbackBase(null)).toBeNull();
  });

  it('asks for each page once, in order, and counts the ones answered', async () => {
    await new Promise<void>((ready) => server.listen(0, '127.0.0.1', () => ready()));
    const warmed = await warmPages(server.address() as AddressInfo, ['/products', '/missing', '/']);
    expect(asked).toEqual(['/products', '/missing', '/']);
    expect(warmed).toBe(2);
  });

  it('a shop it cannot reach changes nothing', async () => {
    expect(await warmPages({ address: '127.0.0.1', family: 'IPv4', port: 1 }, ['/products'])).toBe(0);
  });
});
