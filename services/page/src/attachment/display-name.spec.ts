import { displayName, imageDisplayName } from './display-name';

describe('displayName', () => {
  it('keeps the last segment of a path an old browser sent', () => {
    expect(displayName('C:\\Users\\me\\report.pdf')).toBe('report.pdf');
    expect(displayName('../../etc/passwd')).toBe('passwd');
  });

  it('drops control characters, so a name cannot break a header or a line', () => {
    expect(displayName('a\r\nb\u0000.txt')).toBe('ab.txt');
  });

  it('keeps the extension when it shortens a long name to 255 characters', () => {
    const name = displayName(`${'名'.repeat(300)}.docx`);
    expect(Array.from(name)).toHaveLength(255);
    expect(name.endsWith('.docx')).toBe(true);
  });

  it('never answers an empty name', () => {
    expect(displayName('')).toBe('file');
    expect(displayName(' / ')).toBe('file');
  });
});

describe('imageDisplayName', () => {
  it('names a pasted image blob.jpg, as ShowDoc does', () => {
    expect(imageDisplayName('blob')).toBe('blob.jpg');
    expect(imageDisplayName('shot.png')).toBe('shot.png');
  });
});
