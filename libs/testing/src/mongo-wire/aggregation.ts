import type { Document } from 'bson';
import { formatValue, isDocument } from './bson-order';
import { requiredDocument } from './command-options';
import { compileProjection, sortBy } from './find-options';
import { MongoCommandError, refuseUnsupported } from './mongo-error';
import { compileFilter } from './query-filter';

/** One stage of the small aggregation subset; any other stage is refused. */
export function applyStage(stage: unknown, docs: Document[]): Document[] {
  if (!isDocument(stage) || Object.keys(stage).length !== 1) {
    throw new MongoCommandError('Location40323', 'A pipeline stage specification object must contain exactly one field.');
  }
  const [[name, spec]] = Object.entries(stage);
  switch (name) {
    case '$match': {
      const predicate = compileFilter(requiredDocument(spec, '$match'));
      return docs.filter(predicate);
    }
    case '$sort':
      return sortBy(docs, (doc) => doc, requiredDocument(spec, '$sort'));
    case '$skip':
      return docs.slice(Number(spec));
    case '$limit':
      return docs.slice(0, Number(spec));
    case '$project':
      return docs.map(compileProjection(requiredDocument(spec, '$project')));
    case '$count':
      return docs.length > 0 ? [{ [String(spec)]: docs.length }] : [];
    case '$group':
      return constantCountGroup(requiredDocument(spec, '$group'), docs);
    default:
      throw refuseUnsupported(`the aggregation stage ${name}`);
  }
}

/** `{ $group: { _id: <constant>, n: { $sum: 1 } } }`, the group countDocuments sends. */
function constantCountGroup(spec: Document, docs: Document[]): Document[] {
  const { _id, ...accumulators } = spec;
  if (typeof _id === 'string' && _id.startsWith('$')) throw refuseUnsupported('$group by a field');
  const result: Document = { _id };
  for (const [field, accumulator] of Object.entries(accumulators)) {
    if (!isDocument(accumulator) || typeof accumulator.$sum !== 'number') throw refuseUnsupported(`the $group accumulator ${formatValue(accumulator)}`);
    result[field] = accumulator.$sum * docs.length;
  }
  return docs.length > 0 ? [result] : [];
}
