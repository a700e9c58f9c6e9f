import * as Y from 'yjs';
import { CollabField, type LivePage } from '@quire/proto';
import { applyText, contentHash, fieldsOf, fillFromPage } from './page-document';

const page: LivePage = {
  page_id: 7,
  item_id: 3,
  cat_id: 2,
  page_title: 'Runbook',
  page_content: 'one\ntwo\nthree\n',
  s_number: 5,
  addtime: 1,
  author_username: 'ann',
  content_hash: contentHash('one\ntwo\nthree\n'),
};

describe('page documents', () => {
  it('fills a document from the page and reads the same fields back', () => {
    const sut = new Y.Doc();
    fillFromPage(sut, page);
    expect(fieldsOf(sut, { page_title: '', cat_id: 0, s_number: 0 })).toEqual({ page_content: page.page_content, page_title: 'Runbook', cat_id: 2, s_number: 5 });
  });

  it('falls back on the page for fields a client broke', () => {
    const sut = new Y.Doc();
    fillFromPage(sut, page);
    sut.getMap(CollabField.Meta).set('cat_id', 'not a number');
    expect(fieldsOf(sut, { page_title: 'x', cat_id: 9, s_number: 1 }).cat_id).toBe(9);
  });

  it('turns the text into another with a small edit that keeps a concurrent edit elsewhere', () => {
    const server = new Y.Doc();
    fillFromPage(server, page);
    const editor = new Y.Doc();
    Y.applyUpdate(editor, Y.encodeStateAsUpdate(server));
    // The editor types on the first line while the server applies an outside change to the last one.
    editor.getText(CollabField.Content).insert(3, '!');
    applyText(server.getText(CollabField.Content), 'one\ntwo\nthree and four\n');
    Y.applyUpdate(server, Y.encodeStateAsUpdate(editor));
    Y.applyUpdate(editor, Y.encodeStateAsUpdate(server));
    expect(server.getText(CollabField.Content).toJSON()).toBe('one!\ntwo\nthree and four\n');
    expect(editor.getText(CollabField.Content).toJSON()).toBe('one!\ntwo\nthree and four\n');
  });

  it('handles deletions, insertions at both ends and an emptied text', () => {
    const sut = new Y.Doc();
    fillFromPage(sut, page);
    const text = sut.getText(CollabField.Content);
    for (const target of ['zero\none\nthree\nfour', '', 'fresh']) {
      applyText(text, target);
      expect(text.toJSON()).toBe(target);
    }
  });
});
