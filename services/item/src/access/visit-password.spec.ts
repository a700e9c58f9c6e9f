import { visitPasswordMatches } from './visit-password';

describe(visitPasswordMatches.name, () => {
  it('accepts exactly the stored password', () => {
    expect(visitPasswordMatches('s3cret', 's3cret')).toBe(true);
    expect(visitPasswordMatches('密码', '密码')).toBe(true);
  });

  it('refuses anything else, including what PHP loose equality let through', () => {
    expect(visitPasswordMatches('S3cret', 's3cret')).toBe(false);
    expect(visitPasswordMatches('1e3', '1000')).toBe(false);
    expect(visitPasswordMatches(' s3cret', 's3cret')).toBe(false);
    expect(visitPasswordMatches('', 's3cret')).toBe(false);
  });

  it('never opens with an empty stored password', () => {
    expect(visitPasswordMatches('', '')).toBe(false);
  });
});
