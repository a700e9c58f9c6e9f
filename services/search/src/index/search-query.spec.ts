import { DatabaseSync } from 'node:sqlite';
import { parseKeyword } from './search-query';

describe('parseKeyword', () => {
  it('ANDs the terms; the last word may go on (results as you type)', () => {
    // Words without CJK characters need no column filter: the gram columns hold CJK pairs only.
    expect(parseKeyword('export orders')?.match).toBe('"export" AND "orders"*');
    expect(parseKeyword('export orders')?.titleMatch).toBe('{title} : "export" AND {title} : "orders"*');
  });

  it('finds an identifier whole or by its parts in a row', () => {
    expect(parseKeyword('user_info ')?.match).toBe('("userinfo" OR "user info")');
  });

  it('searches a CJK run by its words or by its bigrams in a row, or by its words of two characters or more anywhere', () => {
    expect(parseKeyword('订单接口')?.match).toBe(
      '({title content cat_path} : "订单 接口" OR {title_grams body_grams} : "订单 单接 接口" OR ({title content cat_path} : "订单" AND {title content cat_path} : "接口"))',
    );
    expect(parseKeyword('幂等')?.match).toBe('({title content cat_path} : "幂 等" OR {title_grams body_grams} : "幂等")');
  });

  it('searches a CJK word that is its own bigram once, in every column', () => {
    expect(parseKeyword('订单')?.match).toBe('"订单"');
    expect(parseKeyword('订单')?.titleMatch).toBe('{title title_grams} : "订单"');
    expect(parseKeyword('退')?.match).toBe('"退"*');
  });

  it('keeps a quoted phrase in a row and does not let it go on', () => {
    const query = parseKeyword('"get user" info');
    expect(query?.match).toBe('"get user" AND "info"*');
    expect(query?.phraseMatch).toBeNull();
  });

  it('ranks the keyword as an exact phrase when it has several words', () => {
    expect(parseKeyword('order status')?.phraseMatch).toBe('"order status"');
    expect(parseKeyword('订单 status')?.phraseMatch).toBe('{title content cat_path} : "订单 status"');
    expect(parseKeyword('order')?.phraseMatch).toBeNull();
  });

  it('treats every character literally: no keyword is an FTS5 syntax error', () => {
    const db = new DatabaseSync(':memory:');
    db.exec("CREATE VIRTUAL TABLE fts USING fts5(title, content, cat_path, title_grams, body_grams, tokenize = 'porter unicode61 remove_diacritics 2')");
    db.exec("INSERT INTO fts VALUES ('a and b', 'near x not', '', '', '')");
    const keywords = ['a AND b', 'NEAR(a b)', '*', 'a"b', '{title}: x', 'col:x', '^x', '-x', '(x', "x'y", 'a OR', 'NOT', '"unclosed', '“订单', 'x*', '\\'];
    for (const keyword of keywords) {
      const query = parseKeyword(keyword);
      if (!query) continue;
      for (const expression of [query.match, query.titleMatch, query.phraseMatch ?? query.match]) {
        expect(() => db.prepare('SELECT count(*) FROM fts WHERE fts MATCH ?').get(expression)).not.toThrow();
      }
    }
    expect(db.prepare('SELECT count(*) AS n FROM fts WHERE fts MATCH ?').get(parseKeyword('a AND b')!.match)).toEqual({ n: 1 });
    expect(parseKeyword('+++ !!!')).toBeNull();
  });
});
