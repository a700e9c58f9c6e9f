import { AddressPolicy, embeddedIpv4, ipv6Words } from './address-policy';

describe(AddressPolicy.name, () => {
  const sut = new AddressPolicy();

  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.254',
    '0.0.0.0',
    '224.0.0.251',
    '255.255.255.255',
    '::',
    '::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '::ffff:a00:1',
    '64:ff9b::10.0.0.1',
    '::127.0.0.1',
    'localhost',
    '',
  ])('refuses %s', (address) => {
    expect(sut.isForbidden(address)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '169.255.0.1', '2606:4700::1111', '::ffff:8.8.8.8', '64:ff9b::8.8.8.8'])('lets %s through', (address) => {
    expect(sut.isForbidden(address)).toBe(false);
  });

  it('lets through only the internal addresses an operator allows', () => {
    const allowing = new AddressPolicy(['127.0.0.2', '10.20.0.0/16', 'fd00::5']);
    expect(allowing.isForbidden('127.0.0.2')).toBe(false);
    expect(allowing.isForbidden('::ffff:127.0.0.2')).toBe(false);
    expect(allowing.isForbidden('10.20.7.7')).toBe(false);
    expect(allowing.isForbidden('fd00::5')).toBe(false);
    expect(allowing.isForbidden('127.0.0.1')).toBe(true);
    expect(allowing.isForbidden('10.21.0.1')).toBe(true);
    expect(allowing.isForbidden('fd00::6')).toBe(true);
  });

  it('refuses a malformed allow entry at boot', () => {
    expect(() => new AddressPolicy(['intranet.local'])).toThrow("HTTP_PROXY_ALLOW_HOSTS: 'intranet.local' is not an IP address or CIDR range");
  });

  it('reads the words of IPv6 addresses and the IPv4 address they embed', () => {
    expect(ipv6Words('2001:db8::1')).toEqual([0x2001, 0xdb8, 0, 0, 0, 0, 0, 1]);
    expect(ipv6Words('::ffff:1.2.3.4')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x102, 0x304]);
    expect(embeddedIpv4('::ffff:c0a8:101')).toBe('192.168.1.1');
    expect(embeddedIpv4('2606:4700::1111')).toBeUndefined();
  });
});
