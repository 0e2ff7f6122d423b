import { describe, expect, it } from 'vitest';
import { embeddedIPv4, isPrivateAddress, resolveWebhookTarget } from './address-guard';

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

// IPv6 forms that carry an IPv4 address, or private space of their own: each once passed the guard
// and reached the shop's own network.
const IPV6_INSIDE: [string, string][] = [
  ['::127.0.0.1', 'IPv4-compatible loopback'],
  ['::7f00:1', 'IPv4-compatible loopback, hex'],
  ['::a00:1', 'IPv4-compatible 10.0.0.1'],
  ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
  ['::ffff:0:127.0.0.1', 'IPv4-translated loopback'],
  ['64:ff9b::127.0.0.1', 'NAT64 well-known prefix, loopback'],
  ['64:ff9b::a9fe:a9fe', 'NAT64 well-known prefix, metadata'],
  ['64:ff9b::192.168.1.1', 'NAT64 well-known prefix, private'],
  ['64:ff9b:1::8.8.8.8', 'NAT64 local-use prefix: refused whole'],
  ['64:ff9b:1:2::808:808', 'NAT64 local-use prefix, another layout'],
  ['2002:7f00:1::', '6to4 of 127.0.0.1'],
  ['2002:a9fe:a9fe::1', '6to4 of 169.254.169.254'],
  ['2002:c0a8:101:1::1', '6to4 of 192.168.1.1'],
  ['fec0::1', 'site-local'],
  ['feff::1', 'site-local, top'],
  ['100::1', 'discard-only'],
  ['100::ffff:ffff:ffff:ffff', 'discard-only, top'],
  ['2001::1', 'Teredo'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo, public client'],
  ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'Teredo, client 127.0.0.1'],
  ['3fff::1', 'documentation'],
  ['1::1', 'outside global unicast'],
];

describe('IPv6 forms that carry IPv4 or private space', () => {
  it.each(IPV6_INSIDE)('refuses %s (%s)', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it('decodes the IPv4 address each form carries', () => {
    expect(embeddedIPv4('::127.0.0.1')).toBe('127.0.0.1');
    expect(embeddedIPv4('::ffff:a9fe:a9fe')).toBe('169.254.169.254');
    expect(embeddedIPv4('::ffff:0:10.1.2.3')).toBe('10.1.2.3');
    expect(embeddedIPv4('64:ff9b::c0a8:101')).toBe('192.168.1.1');
    expect(embeddedIPv4('2002:c0a8:101::1')).toBe('192.168.1.1');
    expect(embeddedIPv4('2606:4700:4700::1111')).toBeNull();
    expect(embeddedIPv4('fe80::1%eth0')).toBeNull();
  });

  it('lets the same forms through when they carry a public IPv4 address', () => {
    for (const a of ['::8.8.8.8', '::ffff:0:8.8.8.8', '64:ff9b::8.8.8.8', '64:ff9b::101:101', '2002:808:808::1', '2a00:1450:4001::200e']) {
      expect(isPrivateAddress(a), a).toBe(false);
    }
  });

  it('refuses them in webhook URLs, and WEBHOOK_ALLOW_PRIVATE still allows them', async () => {
    for (const [address] of IPV6_INSIDE) {
      const url = `http://[${address}]:8080/hooks`;
      await expect(resolveWebhookTarget(url, false), url).rejects.toThrow(/private, loopback or link-local/);
      await expect(resolveWebhookTarget(url, true), url).resolves.toMatchObject({ family: 6 });
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
