import type { CatalogEntity } from '../../catalog/catalog.entity';
import type { ShareLinkEntity } from './share-link.entity';
import { catalogMenu, pageInScope, subtreeOf } from './share-link-scope';
import { hashLinkPassword, linkPasswordMatches, newShareKey, shareTokenMatches, shareTokenOf } from './share-link-secret';

const catalog = (cat_id: number, parent_cat_id: number, level: 2 | 3 | 4): CatalogEntity => ({ cat_id, parent_cat_id, level, cat_name: `c${cat_id}`, item_id: 1, s_number: 99, addtime: 0 });
const catalogs = [catalog(1, 0, 2), catalog(2, 1, 3), catalog(3, 2, 4), catalog(4, 0, 2)];
const link = (scope: ShareLinkEntity['scope'], target: Partial<ShareLinkEntity> = {}): ShareLinkEntity => ({
  id: 1,
  key_hash: '',
  share_key: '',
  scope,
  item_id: 1,
  cat_id: 0,
  page_id: 0,
  password_hash: '',
  expire_time: 0,
  revoked_time: 0,
  views: 0,
  creator_uid: 1,
  creator_username: 'ann',
  addtime: 0,
  ...target,
});

describe('share link scope', () => {
  it('takes a catalog with every catalog under it, and nothing beside it', () => {
    expect([...subtreeOf(1, catalogs)].sort()).toEqual([1, 2, 3]);
    expect([...subtreeOf(4, catalogs)]).toEqual([4]);
  });

  it('holds the pages of its scope only, never another item', () => {
    const byCatalog = link('catalog', { cat_id: 1 });
    expect(pageInScope(byCatalog, { page_id: 9, item_id: 1, cat_id: 3 }, catalogs)).toBe(true);
    expect(pageInScope(byCatalog, { page_id: 9, item_id: 1, cat_id: 4 }, catalogs)).toBe(false);
    expect(pageInScope(byCatalog, { page_id: 9, item_id: 1, cat_id: 0 }, catalogs)).toBe(false);
    expect(pageInScope(link('page', { page_id: 9 }), { page_id: 9, item_id: 1, cat_id: 0 }, [])).toBe(true);
    expect(pageInScope(link('page', { page_id: 9 }), { page_id: 8, item_id: 1, cat_id: 0 }, [])).toBe(false);
    expect(pageInScope(link('item'), { page_id: 8, item_id: 2, cat_id: 0 }, [])).toBe(false);
  });

  it('cuts a menu down to one catalog, found at any depth', () => {
    const deep = { cat_id: 2, cat_name: 'b', item_id: 1, s_number: 1, addtime: 0, parent_cat_id: 1, level: 3 as const, pages: [] };
    const menu = {
      pages: [{ page_id: 5, author_uid: 1, cat_id: 0, page_title: 'root', addtime: 0 }],
      catalogs: [{ ...deep, cat_id: 1, level: 2 as const, parent_cat_id: 0, catalogs: [deep] }],
    };
    expect(catalogMenu(menu, 2)).toEqual({ pages: [], catalogs: [deep] });
    expect(catalogMenu(menu, 7)).toEqual({ pages: [], catalogs: [] });
  });
});

describe('share link secrets', () => {
  it('makes 128-bit keys, hashes passwords with a salt and checks them', () => {
    expect(newShareKey()).toMatch(/^[0-9a-f]{32}$/);
    const stored = hashLinkPassword('open sesame');
    expect(stored).toMatch(/^scrypt\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
    expect(hashLinkPassword('open sesame')).not.toBe(stored);
    expect(linkPasswordMatches('open sesame', stored)).toBe(true);
    expect(linkPasswordMatches('open sesam', stored)).toBe(false);
    expect(linkPasswordMatches('x', '')).toBe(false);
  });

  it('proves a password for files only with the token of that key and that password', () => {
    const stored = hashLinkPassword('pw');
    const token = shareTokenOf('a'.repeat(32), stored);
    expect(shareTokenMatches('a'.repeat(32), stored, token)).toBe(true);
    expect(shareTokenMatches('b'.repeat(32), stored, token)).toBe(false);
    expect(shareTokenMatches('a'.repeat(32), hashLinkPassword('pw'), token)).toBe(false);
    expect(shareTokenMatches('a'.repeat(32), '', '')).toBe(true);
  });
});
