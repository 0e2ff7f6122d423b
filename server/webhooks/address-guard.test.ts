import { describe, expect, it } from 'vitest';
import { isPrivateAddress, resolveWebhookTarget } from './address-guard';

describe('isPrivateAddress', () => {
  it('refuses loopback, private, link-local, CGNAT, unique-local, multicast and mapped forms', () => {
    for (const a of ['127.0.0.1', '127.8.9.10', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.0.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '::1', '::', 'fc00::1', 'fd12::1', 'fe80::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', 'not-an-ip']) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
  });
  it('lets public addresses through', () => {
    for (const a of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPrivateAddress(a), a).toBe(false);
    }
  });
});

describe('resolveWebhookTarget', () => {
  it('checks IP literals in every spelling the URL parser accepts', async () => {
    for (const url of ['http://2130706433/', 'http://0x7f.1/', 'http://[::1]:8080/', 'http://[::ffff:7f00:1]/']) {
      await expect(resolveWebhookTarget(url, false), url).rejects.toThrow(/private, loopback or link-local/);
    }
    await expect(resolveWebhookTarget('http://[::1]:8080/', true)).resolves.toEqual({ address: '::1', family: 6 });
  });
  it('resolves names before checking them, and refuses other schemes', async () => {
    await expect(resolveWebhookTarget('http://localhost:3000/hooks', false)).rejects.toThrow(/localhost \((127\.0\.0\.1|::1)\)/);
    await expect(resolveWebhookTarget('file:///etc/passwd', true)).rejects.toThrow('Only http:// and https:// URLs can receive webhooks');
    await expect(resolveWebhookTarget('http://no-such-host.invalid/', true)).rejects.toThrow('Cannot resolve the host no-such-host.invalid');
  });
});
