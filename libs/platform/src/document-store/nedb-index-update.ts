/**
 * NeDB updates a document in every index by removing it and inserting it again. Removing one
 * document from a key shared by many (the `item_id` of 5,000 pages) filters that key's whole list
 * through a JS callback and allocates a new one: a page save cost O(pages of the item) per index.
 * When the index key did not change, the new document simply takes the old one's place in its
 * key's list: one identity search, no allocation. Anything else (a key that changed, array or
 * compound keys) goes through NeDB's own update, unique checks and rollbacks included.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Index = require('@seald-io/nedb/lib/indexes') as IndexClass;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { getDotValues } = require('@seald-io/nedb/lib/model') as { getDotValues(doc: object, fields: string[]): unknown };

type Doc = object;
interface Pair {
  oldDoc: Doc;
  newDoc: Doc;
}
interface IndexInstance {
  _fields: string[];
  sparse: boolean;
  tree: { search(key: unknown): Doc[] };
}
interface IndexClass {
  prototype: IndexInstance & { update(oldDoc: Doc | Pair[], newDoc?: Doc): void };
}

let installed = false;

/** Patches NeDB's Index once per process (every datastore, documents and key-value alike). */
export function installInPlaceIndexUpdate(): void {
  if (installed) return;
  installed = true;
  const original = Index.prototype.update;
  Index.prototype.update = function update(this: IndexInstance, oldDoc: Doc | Pair[], newDoc?: Doc): void {
    if (!Array.isArray(oldDoc)) {
      if (!swapInPlace(this, oldDoc, newDoc as Doc)) original.call(this, oldDoc, newDoc);
      return;
    }
    const rest = oldDoc.filter((pair) => !swapInPlace(this, pair.oldDoc, pair.newDoc));
    if (rest.length > 0) original.call(this, rest);
  };
}

/** Replaces the document in its key's list when both versions have the same scalar key; false when NeDB must do it. */
function swapInPlace(index: IndexInstance, oldDoc: Doc, newDoc: Doc): boolean {
  const oldKey = getDotValues(oldDoc, index._fields);
  const newKey = getDotValues(newDoc, index._fields);
  if (!isScalar(oldKey) || oldKey !== newKey) return false;
  // A sparse index holds no document without the field: nothing to swap.
  if (oldKey === undefined) return index.sparse;
  const list = index.tree.search(oldKey);
  const at = list.indexOf(oldDoc);
  if (at < 0) return false;
  list[at] = newDoc;
  return true;
}

function isScalar(key: unknown): key is string | number | boolean | null | undefined {
  return key === null || key === undefined || typeof key === 'string' || typeof key === 'number' || typeof key === 'boolean';
}
