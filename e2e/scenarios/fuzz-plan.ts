import * as fs from 'node:fs';
import * as path from 'node:path';
import * as proto from '@quire/proto';
import { Routes, type RouteEffect, type UploadRule } from '@quire/proto';
import { BAD_VALUES, ENCODINGS, MALFORMED_BODIES, hashText, type BadValue, type Encoding, type MalformedBody } from './fuzz-inputs';

/**
 * The fuzz suite's plan, generated from the route table: which calls each route gets. Pure and
 * deterministic (the seed only turns where each rotation starts), so a failure names a call that
 * fails again.
 */

export type CallerName = 'anonymous' | 'user' | 'admin';
export const CALLERS: CallerName[] = ['anonymous', 'user', 'admin'];

export interface FuzzRoute {
  /** The route table's key (`page/save`), or the gateway's own `http-proxy`. */
  key: string;
  path: string;
  effect: RouteEffect;
  /** Names the route's zod schema knows (empty when its handler parses none). */
  params: string[];
  upload?: UploadRule;
}

export type FuzzCall =
  | { kind: 'value'; caller: CallerName; method: 'POST' | 'GET'; encoding: Encoding | 'query'; param: string; value: BadValue }
  | { kind: 'malformed'; caller: CallerName; body: MalformedBody }
  | { kind: 'write by GET'; caller: CallerName };

/** Malformed bodies each route gets; rotating over the routes, every body reaches every caller. */
const MALFORMED_PER_ROUTE = 5;
/** A query string stays well under Node's 16 KB header limit (the URL is no body). */
const MAX_QUERY_VALUE = 2000;

const REPO_ROOT = path.resolve(__dirname, '..', '..');

/**
 * Which schema each subject's handler parses its parameters with, read from the services'
 * controllers (`@Handles(Subject.X)` … `parseParams(XSchema, …)`): the route table names the
 * subject, the handler names the schema.
 */
function schemasBySubject(): Map<string, string[]> {
  const servicesDir = path.join(REPO_ROOT, 'services');
  const controllers = (fs.readdirSync(servicesDir, { recursive: true }) as string[]).filter((file) => file.endsWith('.controller.ts'));
  const found = new Map<string, string[]>();
  for (const file of controllers) {
    const source = fs.readFileSync(path.join(servicesDir, file), 'utf8');
    for (const handler of source.split(/@(?:Handles|MessagePattern)\(/).slice(1)) {
      const subject = /^Subject\.(\w+)/.exec(handler)?.[1];
      if (subject) found.set(subject, [...new Set([...handler.matchAll(/\b(\w+Schema)\b/g)].map((match) => match[1]))]);
    }
  }
  return found;
}

/** The top-level keys of an exported zod object schema. */
function schemaKeys(name: string): string[] {
  const schema = (proto as Record<string, unknown>)[name] as { shape?: Record<string, unknown> } | undefined;
  return schema?.shape && typeof schema.shape === 'object' ? Object.keys(schema.shape) : [];
}

/**
 * Every route of the route table, plus the gateway's own `/api/http-proxy`, with the parameter
 * names of its schema. Throws when a route's subject has no handler in the services: the plan
 * would silently lose it.
 */
export function fuzzRoutes(): FuzzRoute[] {
  const schemas = schemasBySubject();
  const subjectName = new Map(Object.entries(proto.Subject).map(([name, subject]) => [subject as string, name]));
  const routes = Object.entries(Routes).map(([key, route]): FuzzRoute => {
    const handlerSchemas = schemas.get(subjectName.get(route.subject) ?? '');
    if (!handlerSchemas) throw new Error(`No handler of ${route.subject} (route ${key}) found under services/`);
    const params = [...new Set(handlerSchemas.flatMap(schemaKeys))];
    return { key, path: `/api/${key}`, effect: route.effect, params, upload: route.upload };
  });
  routes.push({ key: 'http-proxy', path: '/api/http-proxy', effect: 'write', params: schemaKeys('HttpProxyRequestSchema') });
  // Calls that end a session or take the fuzz's own item away go last, so the others still reach deep.
  const destructive = /logout|delete|attorn|exit|archive|changepassword/;
  return [...routes.filter((r) => !destructive.test(r.key)), ...routes.filter((r) => destructive.test(r.key))];
}

/** Parameters a route's calls carry a bad value in: its schema's, and the session token every route reads. */
export const paramsToFuzz = (route: FuzzRoute): string[] => [...(route.params.length > 0 ? route.params : ['item_id', 'page_id']), 'user_token'];

/**
 * The calls of every route. Bad values and encodings rotate over all parameters of all routes, so
 * each value goes out in each encoding; every parameter gets one bad value per caller. Malformed
 * bodies rotate over the routes, MALFORMED_PER_ROUTE each, so each reaches each caller; upload
 * routes get every one of them from a signed-in user. Every
 * write also goes out once as a GET; every read once as a GET with a bad value in the query.
 */
export function fuzzPlan(routes: FuzzRoute[], seed: number): Map<string, FuzzCall[]> {
  const plan = new Map<string, FuzzCall[]>();
  let valueTurn = hashText(`values${seed}`) % BAD_VALUES.length;
  let bodyTurn = hashText(`bodies${seed}`) % MALFORMED_BODIES.length;
  const nextValue = (): { value: BadValue; encoding: Encoding } => {
    const turn = valueTurn++;
    return { value: BAD_VALUES[turn % BAD_VALUES.length], encoding: ENCODINGS[Math.floor(turn / BAD_VALUES.length) % ENCODINGS.length] };
  };
  const queryValues = BAD_VALUES.filter((value) => !value.form || [value.form].flat().join('&').length <= MAX_QUERY_VALUE);
  routes.forEach((route, index) => {
    const calls: FuzzCall[] = [];
    const params = paramsToFuzz(route);
    for (const param of params) {
      // The session token is the gateway's: one caller a route is enough.
      const callers = param === 'user_token' ? [CALLERS[index % CALLERS.length]] : CALLERS;
      for (const caller of callers) calls.push({ kind: 'value', caller, method: 'POST', param, ...nextValue() });
    }
    for (let i = 0; i < MALFORMED_PER_ROUTE; i++) {
      const turn = bodyTurn++;
      calls.push({ kind: 'malformed', caller: CALLERS[Math.floor(turn / MALFORMED_BODIES.length) % CALLERS.length], body: MALFORMED_BODIES[turn % MALFORMED_BODIES.length] });
    }
    // Upload routes read multipart bodies with a parser of their own, once the caller is known: every body, as a user.
    if (route.upload) calls.push(...MALFORMED_BODIES.map((body): FuzzCall => ({ kind: 'malformed', caller: 'user', body })));
    const getter = CALLERS[(index + 1) % CALLERS.length];
    if (route.effect === 'write') calls.push({ kind: 'write by GET', caller: getter });
    else calls.push({ kind: 'value', caller: getter, method: 'GET', encoding: 'query', param: params[index % params.length], value: queryValues[index % queryValues.length] });
    plan.set(route.key, calls);
  });
  return plan;
}

/** A call, named for a failure message. */
export function describeCall(call: FuzzCall): string {
  switch (call.kind) {
    case 'value':
      return `${call.caller} ${call.method} ${call.encoding} ${call.param}=<${call.value.name}>`;
    case 'malformed':
      return `${call.caller} POST <${call.body.name}>`;
    case 'write by GET':
      return `${call.caller} GET`;
  }
}
