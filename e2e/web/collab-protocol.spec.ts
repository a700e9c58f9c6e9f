import * as proto from '@quire/proto';
import * as web from '../../web/src/features/page-editor/lib/collab-protocol';
import { COLLAB_COLORS, collabColor, collabUser, initials } from '../../web/src/features/page-editor/lib/collab-colors';

/** WCAG's contrast ratio of two `#rrggbb` colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((at) => {
      const v = parseInt(hex.slice(at, at + 2), 16) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high + 0.05) / (low + 0.05);
}

/** A colour drawn at `alpha` over `background`, as y-codemirror draws a selection (`#rrggbb70`). */
function over(colour: string, background: string, alpha: number): string {
  const channel = (hex: string, at: number) => parseInt(hex.slice(at, at + 2), 16);
  return `#${[1, 3, 5]
    .map((at) => Math.round(channel(colour, at) * alpha + channel(background, at) * (1 - alpha)))
    .map((v) => v.toString(16).padStart(2, '0'))
    .join('')}`;
}

describe('the editor’s co-editing protocol names', () => {
  it('are the ones proto defines for the server (the web app cannot load proto’s runtime module)', () => {
    expect(web.COLLAB_PATH).toBe(proto.COLLAB_PATH);
    expect(web.CollabField).toEqual(proto.CollabField);
    expect(web.CollabScope).toEqual(proto.CollabScope);
    expect(web.COLLAB_SESSION_ENDED).toBe(proto.COLLAB_SESSION_ENDED);
    for (const pageId of [1, 42, 987654321]) {
      expect(web.collabDocumentName(pageId)).toBe(proto.collabDocumentName(pageId));
      expect(proto.pageIdOfDocument(web.collabDocumentName(pageId))).toBe(pageId);
    }
  });
});

describe('co-editors’ colours and initials', () => {
  it('gives a user the same colour everywhere, and neighbours different ones', () => {
    expect(collabColor(7)).toBe(collabColor(7));
    expect(collabUser({ uid: 7, username: 'ada', name: '' })).toEqual({ uid: 7, name: 'ada', color: collabColor(7) });
    expect(collabUser({ uid: 8, username: 'bob', name: ' Bob Marley ' }).name).toBe('Bob Marley');
    expect(new Set([1, 2, 3, 4].map(collabColor)).size).toBe(4);
  });

  it('keeps white names on each colour and text on each selection tint readable (4.5:1), and each cursor visible (3:1), in both themes', () => {
    const light = { page: '#ffffff', text: '#242424' };
    const dark = { page: '#292929', text: '#ffffff' };
    for (const colour of COLLAB_COLORS) {
      expect(contrast(colour, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      for (const theme of [light, dark]) {
        expect(contrast(theme.text, over(colour, theme.page, 0x70 / 255))).toBeGreaterThanOrEqual(4.5);
        expect(contrast(colour, theme.page)).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it('shows two letters: of the first two words, or the first two characters', () => {
    expect(initials('Ada Lovelace')).toBe('AL');
    expect(initials('bob')).toBe('BO');
    expect(initials('张三')).toBe('张三');
    expect(initials('x')).toBe('X');
  });
});
