import { addressBlock } from './address-block';

describe(addressBlock.name, () => {
  it('keeps an IPv4 address, also when written IPv4-mapped', () => {
    expect(addressBlock('203.0.113.7')).toBe('203.0.113.7');
    expect(addressBlock('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('takes an IPv6 address as its /64, however it is written', () => {
    const block = '2001:db8:85a3:42::/64';
    const spellings = ['2001:db8:85a3:42::1', '2001:0db8:85a3:0042:ffff:0:0:9', '2001:DB8:85A3:42:1:2:3:4', '2001:db8:85a3:42::1.2.3.4', '2001:db8:85a3:42::7%eth0'];
    for (const address of spellings) expect(addressBlock(address)).toBe(block);
    expect(addressBlock('2001:db8:85a3:43::1')).not.toBe(block);
    expect(addressBlock('::1')).toBe('0:0:0:0::/64');
    expect(addressBlock('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('leaves anything else as it came', () => {
    expect(addressBlock('')).toBe('');
    expect(addressBlock('unknown')).toBe('unknown');
  });
});
