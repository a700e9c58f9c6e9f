import type { Document } from 'bson';
import { compareValues, isDocument } from './bson-order';
import { keyValuesAt } from './document-path';
import { MongoCommandError, refuseUnsupported } from './mongo-error';

/**
 * Sorts documents as MongoDB does without an index: each sort field's key is the smallest value
 * the path reaches for an ascending sort and the largest for a descending one (an array field sorts
 * by its min or max element, an empty array before null, a missing field as null), compared in
 * BSON order; ties keep the natural (insertion) order.
 */
export function sortBy<T>(items: T[], docOf: (item: T) => Document, spec: Document | undefined): T[] {
  const fields = sortFields(spec);
  if (fields.length === 0) return items;
  const keyed = items.map((item, position) => ({ item, position, keys: fields.map(({ path, direction }) => sortKey(docOf(item), path, direction)) }));
  keyed.sort((a, b) => {
    for (const [i, { direction }] of fields.entries()) {
      const order = compareValues(a.keys[i], b.keys[i]);
      if (order !== 0) return order * direction;
    }
    return a.position - b.position;
  });
  return keyed.map(({ item }) => item);
}

function sortFields(spec: Document | undefined): { path: string; direction: 1 | -1 }[] {
  return Object.entries(spec ?? {}).map(([path, direction]) => {
    if (isDocument(direction)) throw refuseUnsupported(`the sort ${JSON.stringify(direction)}`);
    const value = Number(direction);
    if (value !== 1 && value !== -1) {
      throw new MongoCommandError('Location15975', '$sort key ordering must be 1 (for ascending) or -1 (for descending)');
    }
    return { path, direction: value };
  });
}

function sortKey(doc: Document, path: string, direction: 1 | -1): unknown {
  const { values } = keyValuesAt(doc, path);
  let key = values[0];
  for (const value of values.slice(1)) {
    if (compareValues(value, key) * direction < 0) key = value;
  }
  return key;
}

type ProjectionTree = Map<string, ProjectionTree | true>;

/**
 * A find projection: inclusion (`{ a: 1, 'b.c': 1 }`) or exclusion (`{ a: 0 }`), `_id` included
 * unless excluded. Projection operators ($slice, $elemMatch, $meta, expressions) are refused.
 */
export function compileProjection(spec: Document | undefined): (doc: Document) => Document {
  const entries = Object.entries(spec ?? {});
  if (entries.length === 0) return (doc) => doc;
  let includeId = true;
  let mode: 'include' | 'exclude' | undefined;
  const tree: ProjectionTree = new Map();
  for (const [path, value] of entries) {
    if (isDocument(value) || typeof value === 'string' || path.includes('$')) throw refuseUnsupported(`the projection ${path}: ${JSON.stringify(value)}`);
    const included = typeof value === 'boolean' ? value : Number(value) !== 0;
    if (path === '_id') {
      includeId = included;
      continue;
    }
    const wanted = included ? 'include' : 'exclude';
    if (mode && mode !== wanted) {
      throw included
        ? new MongoCommandError('Location31253', `Cannot do inclusion on field ${path} in exclusion projection`)
        : new MongoCommandError('Location31254', `Cannot do exclusion on field ${path} in inclusion projection`);
    }
    mode = wanted;
    addPath(tree, path.split('.'), path);
  }
  if (!mode) {
    // Only `_id` was named.
    return includeId ? (doc) => ('_id' in doc ? { _id: doc._id } : {}) : ({ _id, ...rest }) => rest;
  }
  if (mode === 'include') {
    return (doc) => {
      const projected = include(doc, tree);
      return includeId && '_id' in doc ? { _id: doc._id, ...projected } : projected;
    };
  }
  return (doc) => {
    const projected = exclude(doc, tree);
    if (!includeId) delete projected._id;
    return projected;
  };
}

function addPath(tree: ProjectionTree, parts: string[], path: string): void {
  const [head, ...rest] = parts;
  const existing = tree.get(head);
  if (existing === true || (existing && rest.length === 0)) {
    throw new MongoCommandError('BadValue', `Path collision at ${path}`);
  }
  if (rest.length === 0) {
    tree.set(head, true);
    return;
  }
  const child: ProjectionTree = existing ?? new Map();
  tree.set(head, child);
  addPath(child, rest, path);
}

function include(doc: Document, tree: ProjectionTree): Document {
  const out: Document = {};
  for (const [name, value] of Object.entries(doc)) {
    const node = tree.get(name);
    if (node === undefined) continue;
    if (node === true) out[name] = value;
    else if (isDocument(value)) out[name] = include(value, node);
    else if (Array.isArray(value)) out[name] = value.filter(isDocument).map((element) => include(element, node));
  }
  return out;
}

function exclude(doc: Document, tree: ProjectionTree): Document {
  const out: Document = {};
  for (const [name, value] of Object.entries(doc)) {
    const node = tree.get(name);
    if (node === true) continue;
    if (node === undefined) out[name] = value;
    else if (isDocument(value)) out[name] = exclude(value, node);
    else if (Array.isArray(value)) out[name] = value.map((element) => (isDocument(element) ? exclude(element, node) : element));
    else out[name] = value;
  }
  return out;
}
