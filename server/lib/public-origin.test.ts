import { describe, expect, it } from 'vitest';
import { createOriginResolver, parseHost } from './public-origin';

describe('createOriginResolver', () => {
  it('uses PUBLIC_URL whatever the request says', () => {
    const origin = createOriginResolver({ publicUrl: 'https://shop.example/some/path/' });
    expect(origin({ protocol: 'http', host: 'evil.example' })).toBe('https://shop.example');
    expect(origin({ protocol: 'http' })).toBe('https://shop.example');
  });

  it('believes localhost and 127.0.0.1 on any port by default', () => {
    const origin = createOriginResolver({ fallbackPort: 3000 });
    expect(origin({ protocol: 'http', host: '127.0.0.1:3102' })).toBe('http://127.0.0.1:3102');
    expect(origin({ protocol: 'https', host: 'LOCALHOST' })).toBe('https://localhost');
  });

  it('never publishes a Host header that is not allowed', () => {
    const origin = createOriginResolver({ fallbackPort: 3000 });
    for (const host of ['evil.example', 'evil.example:3000', 'localhost.evil.example', 'localhost@evil.example', 'localhost/evil', '', ' ', 'a b']) {
      expect(origin({ protocol: 'http', host }), host).toBe('http://localhost:3000');
    }
    expect(origin({ protocol: 'http' })).toBe('http://localhost:3000');
    expect(origin({ protocol: 'javascript', host: 'localhost:1' })).toBe('http://localhost:1');
  });

  it('matches ALLOWED_HOSTS by name, and by port when an entry names one', () => {
    const origin = createOriginResolver({ allowedHosts: ['shop.example', 'admin.example:8443'], fallbackPort: 3000 });
    expect(origin({ protocol: 'https', host: 'shop.example' })).toBe('https://shop.example');
    expect(origin({ protocol: 'https', host: 'shop.example.:444' })).toBe('https://shop.example:444');
    expect(origin({ protocol: 'https', host: 'admin.example:8443' })).toBe('https://admin.example:8443');
    expect(origin({ protocol: 'https', host: 'admin.example:9000' })).toBe('http://shop.example:3000');
    expect(origin({ protocol: 'http', host: 'localhost:3000' })).toBe('http://shop.example:3000');
  });

  it('refuses bad configuration at start-up', () => {
    expect(() => createOriginResolver({ allowedHosts: ['not a host'] })).toThrow(/ALLOWED_HOSTS/);
    expect(() => createOriginResolver({ publicUrl: 'ftp://shop.example' })).toThrow(/PUBLIC_URL/);
    expect(parseHost('[::1]:3000')).toEqual({ hostname: '[::1]', port: '3000' });
  });
});
