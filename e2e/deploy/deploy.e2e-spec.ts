/**
 * The deployment files agree with the code: Dockerfile, docker-compose.yml and k8s/ (kustomize base + overlays).
 * No Docker engine and no cluster: the files are parsed, the kustomizations are rendered by a small renderer of
 * the kustomize subset that k8s/ uses (below), and the container scripts run against stand-in apps.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as http from 'node:http';
import { builtinModules } from 'node:module';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { ENV_VARIABLES, loadConfig } from '@quire/config';
import { MAX_MESSAGE_BYTES } from '@quire/platform';
import { parse, parseAllDocuments } from 'yaml';

const root = path.resolve(__dirname, '..', '..');
const read = (file: string): string => fs.readFileSync(path.join(root, file), 'utf8');

const SERVICES = fs
  .readdirSync(path.join(root, 'services'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const APPS = ['gateway', ...SERVICES];
const GATEWAY_PORT = 4999;
/** Every service's health endpoint (HEALTH_PORT) in compose and k8s. */
const SERVICE_HEALTH_PORT = 4998;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Walks `value` along `keys`; fails the test with the path when a step is missing. */
function at(value: Json | undefined, ...keys: (string | number)[]): Json {
  let current: Json | undefined = value;
  for (const key of keys) {
    if (typeof key === 'number' ? !Array.isArray(current) : !isObject(current)) {
      throw new Error(`no ${keys.join('.')} (stopped before ${String(key)})`);
    }
    current = (current as Record<string | number, Json>)[key];
  }
  if (current === undefined) throw new Error(`no ${keys.join('.')}`);
  return current;
}
const obj = (value: Json | undefined, ...keys: (string | number)[]): JsonObject => {
  const found = at(value, ...keys);
  if (!isObject(found)) throw new Error(`${keys.join('.')} is not a mapping`);
  return found;
};
const arr = (value: Json | undefined, ...keys: (string | number)[]): Json[] => {
  const found = at(value, ...keys);
  if (!Array.isArray(found)) throw new Error(`${keys.join('.')} is not a list`);
  return found;
};
/** The text of a YAML scalar (YAML reads `8080` and `true` as a number and a boolean); fails the test on a mapping or a list. */
const scalar = (value: Json | undefined): string => {
  if (isObject(value) || Array.isArray(value)) throw new Error(`expected a scalar, got ${JSON.stringify(value)}`);
  return String(value);
};
const clone = <T extends Json>(value: T): T => structuredClone(value);

// ---------------------------------------------------------------------------------------------
// A renderer for the subset of kustomize used in k8s/: `resources` (files and kustomization
// directories), `namespace`, `images` (newName/newTag) and `patches` given by `path` or inline
// `patch`, either strategic merge (a mapping; `$patch: delete`; lists merged by their k8s merge
// key) or JSON 6902 (a list of add/replace/remove operations), with an optional `target` (kind,
// name as an anchored regular expression). Anything outside that subset fails the render, and so
// does a patch that matches no resource, so a typo cannot pass silently.
// ---------------------------------------------------------------------------------------------

interface Resource extends JsonObject {
  apiVersion: string;
  kind: string;
  metadata: JsonObject & { name: string };
}

const SUPPORTED_KUSTOMIZATION_FIELDS = new Set(['apiVersion', 'kind', 'resources', 'namespace', 'images', 'patches']);
/** patchMergeKey of the lists the patches touch (from the Kubernetes API types); other lists are replaced. */
const MERGE_KEYS: Record<string, string> = {
  containers: 'name',
  initContainers: 'name',
  env: 'name',
  volumes: 'name',
  volumeMounts: 'mountPath',
  ports: 'containerPort',
};

function parseResources(file: string): Resource[] {
  return parseAllDocuments(fs.readFileSync(file, 'utf8'))
    .map((doc) => {
      if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors[0].message}`);
      return doc.toJS() as Json;
    })
    .filter((doc) => doc !== null)
    .map((doc) => {
      if (!isObject(doc) || typeof doc.kind !== 'string' || typeof doc.apiVersion !== 'string' || typeof obj(doc, 'metadata').name !== 'string') {
        throw new Error(`${file}: not a Kubernetes object with apiVersion, kind and metadata.name`);
      }
      return doc as Resource;
    });
}

function strategicMerge(base: Json, patch: Json, field = ''): Json {
  if (isObject(base) && isObject(patch)) {
    const merged: JsonObject = { ...base };
    for (const [key, value] of Object.entries(patch)) {
      if (key === '$patch') continue;
      if (value === null) delete merged[key];
      else merged[key] = key in base ? strategicMerge(base[key], value, key) : clone(value);
    }
    return merged;
  }
  const mergeKey = MERGE_KEYS[field];
  if (Array.isArray(base) && Array.isArray(patch) && mergeKey) {
    const merged = base.map((item) => clone(item));
    for (const item of patch) {
      const key = isObject(item) ? item[mergeKey] : undefined;
      const index = merged.findIndex((existing) => isObject(existing) && key !== undefined && existing[mergeKey] === key);
      if (index >= 0) merged[index] = strategicMerge(merged[index], item, field);
      else merged.push(clone(item));
    }
    return merged;
  }
  return clone(patch);
}

function applyJsonPatch(resource: Resource, operations: Json[]): Resource {
  const result = clone(resource);
  for (const operation of operations) {
    const op = scalar(at(operation, 'op'));
    const pointer = scalar(at(operation, 'path'));
    const keys = pointer
      .split('/')
      .slice(1)
      .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'));
    const last = keys.pop();
    if (last === undefined) throw new Error(`JSON patch path ${pointer} is empty`);
    const parent = keys.length === 0 ? result : at(result, ...keys.map((key) => (/^\d+$/.test(key) ? Number(key) : key)));
    if (Array.isArray(parent)) {
      const index = last === '-' ? parent.length : Number(last);
      if (!Number.isInteger(index) || index > parent.length || (op !== 'add' && index >= parent.length)) {
        throw new Error(`JSON patch ${op} ${pointer}: no such element in ${resource.kind}/${resource.metadata.name}`);
      }
      if (op === 'add') parent.splice(index, 0, clone(at(operation, 'value')));
      else if (op === 'replace') parent[index] = clone(at(operation, 'value'));
      else if (op === 'remove') parent.splice(index, 1);
      else throw new Error(`JSON patch op ${op} is not supported`);
    } else if (isObject(parent)) {
      if (op !== 'add' && !(last in parent)) {
        throw new Error(`JSON patch ${op} ${pointer}: no such field in ${resource.kind}/${resource.metadata.name}`);
      }
      if (op === 'add' || op === 'replace') parent[last] = clone(at(operation, 'value'));
      else if (op === 'remove') delete parent[last];
      else throw new Error(`JSON patch op ${op} is not supported`);
    } else {
      throw new Error(`JSON patch ${op} ${pointer}: parent is not a container`);
    }
  }
  return result;
}

function applyPatch(resources: Resource[], spec: JsonObject, dir: string): Resource[] {
  const body: Json = typeof spec.path === 'string' ? parse(fs.readFileSync(path.join(dir, spec.path), 'utf8')) : parse(scalar(at(spec, 'patch')));
  const target = spec.target === undefined ? undefined : obj(spec, 'target');
  for (const key of Object.keys(target ?? {})) {
    if (!['kind', 'name'].includes(key)) throw new Error(`patch target field ${key} is not supported by this renderer`);
  }
  let matches: (resource: Resource) => boolean;
  if (target) {
    const nameRe = target.name === undefined ? undefined : new RegExp(`^(?:${scalar(target.name)})$`);
    matches = (r) => (target.kind === undefined || r.kind === target.kind) && (!nameRe || nameRe.test(r.metadata.name));
  } else {
    if (!isObject(body)) throw new Error(`${scalar(spec.path)}: a JSON 6902 patch needs a target`);
    matches = (r) => r.kind === body.kind && r.metadata.name === scalar(obj(body, 'metadata').name);
  }
  if (!resources.some(matches)) throw new Error(`patch ${scalar(spec.path ?? 'inline')} matches no resource`);
  return resources.flatMap((resource) => {
    if (!matches(resource)) return [resource];
    if (Array.isArray(body)) return [applyJsonPatch(resource, body)];
    if (!isObject(body)) throw new Error(`patch ${scalar(spec.path)} is neither a mapping nor a list`);
    if (body.$patch === 'delete') return [];
    const patchBody = target ? { ...body, metadata: { ...obj(body, 'metadata'), name: resource.metadata.name } } : body;
    const merged = strategicMerge(resource, patchBody) as Resource;
    return [merged];
  });
}

function setImages(resources: Resource[], images: Json[]): Resource[] {
  return resources.map((resource) => {
    if (resource.kind !== 'Deployment') return resource;
    const result = clone(resource);
    for (const container of arr(result, 'spec', 'template', 'spec', 'containers')) {
      if (!isObject(container)) continue;
      const [name] = scalar(container.image).split(':');
      const rule = images.find((image) => isObject(image) && image.name === name);
      if (isObject(rule)) container.image = `${scalar(rule.newName ?? name)}:${scalar(rule.newTag ?? 'latest')}`;
    }
    return result;
  });
}

/** Renders the kustomization in `dir` (relative to the repository root) to its list of resources. */
function renderKustomization(dir: string): Resource[] {
  const absolute = path.resolve(root, dir);
  const kustomization = obj(parse(fs.readFileSync(path.join(absolute, 'kustomization.yaml'), 'utf8')) as Json);
  for (const field of Object.keys(kustomization)) {
    if (!SUPPORTED_KUSTOMIZATION_FIELDS.has(field)) throw new Error(`${dir}: kustomization field ${field} is not supported by this renderer`);
  }
  let resources = arr(kustomization, 'resources').flatMap((entry) => {
    const resourcePath = path.join(absolute, scalar(entry));
    return fs.statSync(resourcePath).isDirectory() ? renderKustomization(path.relative(root, resourcePath)) : parseResources(resourcePath);
  });
  for (const patch of kustomization.patches === undefined ? [] : arr(kustomization, 'patches')) {
    resources = applyPatch(resources, obj(patch), absolute);
  }
  if (kustomization.images !== undefined) resources = setImages(resources, arr(kustomization, 'images'));
  if (typeof kustomization.namespace === 'string') {
    const namespace = kustomization.namespace;
    resources = resources.map((r) => ({ ...r, metadata: { ...r.metadata, namespace } }));
  }
  const ids = resources.map((r) => `${r.kind}/${r.metadata.name}`);
  const duplicate = ids.find((id, index) => ids.indexOf(id) !== index);
  if (duplicate) throw new Error(`${dir}: ${duplicate} is declared twice`);
  return resources;
}

const ofKind = (resources: Resource[], kind: string): Resource[] => resources.filter((r) => r.kind === kind);
const named = (resources: Resource[], kind: string, name: string): Resource => {
  const found = resources.find((r) => r.kind === kind && r.metadata.name === name);
  if (!found) throw new Error(`no ${kind}/${name}`);
  return found;
};
const mainContainer = (deployment: Resource): JsonObject => obj(deployment, 'spec', 'template', 'spec', 'containers', 0);

/** A Kubernetes memory quantity (`96Mi`, `1Gi`, `512M`) in bytes. */
function bytes(quantity: Json): number {
  const match = /^(\d+(?:\.\d+)?)(Ki|Mi|Gi|K|M|G)?$/.exec(scalar(quantity));
  if (!match) throw new Error(`not a memory quantity: ${scalar(quantity)}`);
  const units: Record<string, number> = { Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, K: 1e3, M: 1e6, G: 1e9 };
  return Number(match[1]) * (match[2] ? units[match[2]] : 1);
}

/**
 * Resolves compose's `${VAR:-default}` / `${VAR-default}` / `${VAR:?message}` / `${VAR?message}` / `${VAR}` / `$$`
 * against `env`; a required variable that is missing throws, as `docker compose` stops with its message.
 */
function interpolate(value: string, env: Record<string, string | undefined>): string {
  return value.replace(/\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}/g, (match, name?: string, operator?: string, operand?: string) => {
    if (match === '$$') return '$';
    const current = env[name ?? ''];
    if (operator === ':-') return current ? current : (operand ?? '');
    if (operator === '-') return current ?? operand ?? '';
    if ((operator === ':?' && !current) || (operator === '?' && current === undefined)) {
      throw new Error(`required variable ${String(name)} is missing a value: ${String(operand)}`);
    }
    return current ?? '';
  });
}

/** Runs `node`/`sh` and reports how it ended, whatever the exit code. */
function run(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(file, args, { env, timeout: 10_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout: stdout.trim(), stderr: stderr.trim() });
    });
  });
}

// ---------------------------------------------------------------------------------------------
// What an image installs. The Dockerfile runs `npm ci --omit=dev --workspace <app> --include-workspace-root=false`:
// npm installs, at their lockfile locations, the packages reachable from the app's workspace over production
// edges (dependencies, optional dependencies, peers). productionClosure follows the same edges through
// package-lock.json with Node's lookup (a package's own node_modules, then each enclosing one), so it lists
// what that install holds (plus other platforms' optional binaries), without installing anything.
// ---------------------------------------------------------------------------------------------

interface LockEntry {
  name?: string;
  link?: boolean;
  resolved?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}
interface Manifest {
  name: string;
  workspaces?: string[];
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}
const lockfile = JSON.parse(read('package-lock.json')) as { lockfileVersion: number; packages: Record<string, LockEntry> };
const rootManifest = JSON.parse(read('package.json')) as Manifest;
const WORKSPACES = rootManifest.workspaces ?? [];
const manifestOf = (workspace: string): Manifest => JSON.parse(read(path.join(workspace, 'package.json'))) as Manifest;
/** The workspace an image installs for APP (the Dockerfile's mapping; a test runs it). */
const imageWorkspace = (app: string): string => (app === 'gateway' || app === 'embedded' ? app : `services/${app}`);

/**
 * Test, build and type-checking tools: none of them may reach an image. `playwright-core` is not one: the export
 * service drives the image's Debian chromium with it at run time (PDF and HTML exports, issue 22); `playwright`,
 * which downloads browsers of its own, stays a tool.
 */
const TOOLING = [
  'playwright',
  'testcontainers',
  'dockerode',
  's3rver',
  'smtp-server',
  'autocannon',
  'jest',
  'ts-jest',
  '@swc/core',
  '@swc/jest',
  'typescript',
  'ts-node',
  'vite',
  'supertest',
  '@nestjs/testing',
  '@quire/testing',
  '@quire/e2e',
  '@quire/load-tests',
  '@quire/web',
];
const isTooling = (name: string): boolean => TOOLING.includes(name) || name.startsWith('@jest/');

/** The lockfile location `name` resolves to from the package at `from` (Node's lookup through node_modules). */
function resolveLocation(from: string, name: string): string | undefined {
  let dir = from;
  for (;;) {
    const candidate = dir === '' ? `node_modules/${name}` : `${dir}/node_modules/${name}`;
    if (lockfile.packages[candidate]) return candidate;
    if (dir === '') return undefined;
    const cut = dir.lastIndexOf('/node_modules/');
    dir = cut >= 0 ? dir.slice(0, cut) : '';
  }
}

/** The package names `npm ci --omit=dev --workspace <workspace>` installs (workspaces included). */
function productionClosure(workspace: string): Set<string> {
  const seen = new Set([workspace]);
  const queue = [workspace];
  for (let location = queue.shift(); location !== undefined; location = queue.shift()) {
    const entry = lockfile.packages[location];
    const edges: [string, boolean][] = [
      ...Object.keys(entry.dependencies ?? {}).map((name): [string, boolean] => [name, false]),
      ...Object.keys(entry.optionalDependencies ?? {}).map((name): [string, boolean] => [name, true]),
      // npm installs peers; an optional one when the tree holds it, as it does here.
      ...Object.keys(entry.peerDependencies ?? {}).map((name): [string, boolean] => [name, true]),
    ];
    for (const [name, optional] of edges) {
      const found = resolveLocation(location, name);
      if (found === undefined) {
        if (optional) continue;
        throw new Error(`package-lock.json: ${location} needs ${name}, which it does not hold`);
      }
      const target = lockfile.packages[found].link ? String(lockfile.packages[found].resolved) : found;
      if (!seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return new Set([...seen].map((location) => lockfile.packages[location].name ?? location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length)));
}

/** The packages the non-test TypeScript under `<workspace>/src` loads at run time (type-only imports left out). */
function importedPackages(workspace: string): Map<string, string> {
  const found = new Map<string, string>();
  const builtins = new Set(builtinModules);
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return walk(full);
      return /\.ts$/.test(entry.name) && !/\.(spec|e2e-spec|contract|d)\.ts$/.test(entry.name) ? [full] : [];
    });
  const specifiers = /^\s*(?:import|export)\s+(type\s+)?[^'";]*?\sfrom\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]|\b(?:import|require)\(\s*['"]([^'"]+)['"]\s*\)/gm;
  for (const file of walk(path.join(root, workspace, 'src'))) {
    for (const match of fs.readFileSync(file, 'utf8').matchAll(specifiers)) {
      if (match[1]) continue;
      const specifier = match[2] ?? match[3] ?? match[4];
      if (specifier.startsWith('.') || specifier.startsWith('node:') || builtins.has(specifier.split('/')[0])) continue;
      const name = specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/');
      if (!found.has(name)) found.set(name, path.relative(root, file));
    }
  }
  return found;
}

/** Whether a Kubernetes label selector (matchLabels and matchExpressions) selects `labels`. */
function selects(selector: JsonObject, labels: JsonObject): boolean {
  const matchLabels = selector.matchLabels === undefined ? {} : obj(selector, 'matchLabels');
  if (!Object.entries(matchLabels).every(([key, value]) => labels[key] === value)) return false;
  return (selector.matchExpressions === undefined ? [] : arr(selector, 'matchExpressions')).every((expression) => {
    const key = scalar(at(expression, 'key'));
    const values = obj(expression).values === undefined ? [] : arr(expression, 'values').map(String);
    const has = key in labels;
    switch (scalar(at(expression, 'operator'))) {
      case 'In':
        return has && values.includes(scalar(labels[key]));
      case 'NotIn':
        return !has || !values.includes(scalar(labels[key]));
      case 'Exists':
        return has;
      case 'DoesNotExist':
        return !has;
      default:
        throw new Error(`label selector operator ${scalar(at(expression, 'operator'))} is not known`);
    }
  });
}

/** One NetworkPolicy peer, written out: `namespace quire-infra`, `pods k8s-app=kube-dns in namespace kube-system`, `0.0.0.0/0 except …`. */
function describePeer(peer: Json): string {
  const labels = (selector: Json | undefined): string =>
    Object.entries(obj(selector, 'matchLabels'))
      .map(([key, value]) => (key === 'kubernetes.io/metadata.name' ? scalar(value) : `${key}=${scalar(value)}`))
      .join(',');
  const block = obj(peer).ipBlock;
  if (block !== undefined) return `${scalar(at(block, 'cidr'))} except ${(obj(block).except === undefined ? [] : arr(block, 'except')).map(scalar).join(' ')}`;
  const namespace = obj(peer).namespaceSelector;
  const pods = obj(peer).podSelector;
  if (namespace !== undefined && pods !== undefined) return `pods ${labels(pods)} in namespace ${labels(namespace)}`;
  if (namespace !== undefined) return `namespace ${labels(namespace)}`;
  return `pods ${labels(pods)} in this namespace`;
}

/**
 * What the NetworkPolicies of a render let pods with `labels` do in one direction: `<peers> on <ports>` per rule.
 * A pod no policy selects for that direction is not isolated: everything is allowed.
 */
function networkGrants(resources: Resource[], labels: JsonObject, direction: 'Ingress' | 'Egress'): string[] {
  const field = direction === 'Ingress' ? 'ingress' : 'egress';
  const peersField = direction === 'Ingress' ? 'from' : 'to';
  const policies = ofKind(resources, 'NetworkPolicy').filter((policy) => selects(obj(policy, 'spec', 'podSelector'), labels) && arr(policy, 'spec', 'policyTypes').includes(direction));
  if (policies.length === 0) return ['anything (no policy isolates the pod)'];
  return policies
    .flatMap((policy) => (obj(policy, 'spec')[field] === undefined ? [] : arr(policy, 'spec', field)))
    .map((rule) => {
      const peers = obj(rule)[peersField] === undefined ? 'anywhere' : arr(rule, peersField).map(describePeer).join(' | ');
      const ports =
        obj(rule).ports === undefined
          ? 'every port'
          : arr(rule, 'ports')
              .map((p) => `${scalar(obj(p).protocol ?? 'TCP')}/${scalar(at(p, 'port'))}`)
              .join(' ');
      return `${peers} on ${ports}`;
    })
    .sort();
}

// ---------------------------------------------------------------------------------------------

describe('deployment files', () => {
  const compose = parse(read('docker-compose.yml'), { merge: true }) as Json;
  const composeServices = obj(compose, 'services');
  const dockerfile = read('Dockerfile');
  const base = renderKustomization('k8s/base');
  const overlays = { dev: renderKustomization('k8s/overlays/dev'), production: renderKustomization('k8s/overlays/production') };
  const renders = { base, ...overlays };

  describe('Dockerfile', () => {
    const instructions = dockerfile
      .replace(/\\\n/g, ' ')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'));
    const runtimeAt = instructions.findIndex((line) => / AS runtime$/i.test(line));
    const build = instructions.slice(0, runtimeAt);
    const runtime = instructions.slice(runtimeAt);
    const appArgAt = build.indexOf('ARG APP=gateway');
    const assemble = build.slice(appArgAt + 1).filter((line) => /\bnpm ci\b/.test(line));

    it('builds on node:24-bookworm-slim (Node.js 24 LTS) in both stages and runs as the non-root node user', () => {
      const froms = instructions.filter((line) => line.startsWith('FROM '));
      expect(froms).toEqual(['FROM node:24-bookworm-slim AS build', 'FROM node:24-bookworm-slim AS runtime']);
      expect(runtime.filter((line) => line.startsWith('USER '))).toEqual(['USER node']);
    });

    it('selects the app with ARG APP=gateway, exposes the gateway port and checks /healthz', () => {
      expect(runtime).toContain('ARG APP=gateway');
      expect(runtime.some((line) => /^ENV APP=\$APP\b/.test(line))).toBe(true);
      expect(runtime).toContain(`EXPOSE ${GATEWAY_PORT}`);
      expect(runtime.find((line) => line.startsWith('HEALTHCHECK '))).toContain('/healthz');
      expect(runtime.find((line) => line.startsWith('ENTRYPOINT '))).toContain('/app/docker/entrypoint.sh');
    });

    it('copies every workspace manifest, installs exactly what the lockfile says, then builds', () => {
      const installAt = instructions.findIndex((line) => /^RUN npm (install|ci)\b/.test(line));
      expect(installAt).toBeGreaterThan(0);
      expect(instructions[installAt]).toBe('RUN npm ci --no-audit --no-fund');
      const copied = instructions.slice(0, installAt).filter((line) => line.startsWith('COPY '));
      for (const workspace of WORKSPACES) {
        expect(copied).toContain(`COPY ${workspace}/package.json ${workspace}/`);
      }
      expect(copied).toContain('COPY package.json package-lock.json ./');
      expect(instructions.slice(installAt)).toContain('RUN npm run build');
      // `npm install` may change the lockfile; `npm prune` keeps every workspace's dependencies, test tools included.
      expect(instructions.filter((line) => /\bnpm (install|i|prune)\b/.test(line))).toEqual([]);
    });

    it("gives the image a second install from the lockfile: the production dependencies of APP's workspace alone", () => {
      // After the build, so that the eight images share every layer above it.
      expect(appArgAt).toBeGreaterThan(build.indexOf('RUN npm run build'));
      expect(assemble).toHaveLength(1);
      const words = (/\bnpm ci\b[^&;]*/.exec(assemble[0])?.[0] ?? '').trim().split(/\s+/);
      expect(words).toEqual(expect.arrayContaining(['--omit=dev', '--include-workspace-root=false', '--workspace', '"$app_workspace"']));
      expect(words[words.indexOf('--workspace') + 1]).toBe('"$app_workspace"');
      // The runtime stage installs nothing: it takes that tree and nothing else from the build.
      expect(runtime.filter((line) => /\bnpm\b/.test(line))).toEqual([]);
      expect(runtime.filter((line) => line.startsWith('COPY '))).toEqual(['COPY --from=build /out/ /app/']);
    });

    it.each([...APPS, 'embedded'])('installs for APP=%s the workspace whose production closure the image checks below', async (name) => {
      const selection = /^RUN (case "\$APP" in .*?\bfi)\s+&&/.exec(assemble[0] ?? '')?.[1];
      expect(selection).toBeDefined();
      const result = await run('sh', ['-c', `cd "$1" && ${String(selection)} && printf %s "$app_workspace"`, 'sh', root], { PATH: process.env.PATH, APP: name });
      expect(result).toEqual({ code: 0, stdout: imageWorkspace(name), stderr: '' });
      for (const refused of ['billing', '../gateway', 'services/auth', '']) {
        const refusal = await run('sh', ['-c', `cd "$1" && ${String(selection)}`, 'sh', root], { PATH: process.env.PATH, APP: refused });
        expect({ refused, code: refusal.code, stderr: refusal.stderr }).toEqual({ refused, code: 64, stderr: expect.stringContaining(`(got '${refused}')`) });
      }
    });

    it('keeps node_modules and build output out of the build context', () => {
      const ignored = read('.dockerignore')
        .split('\n')
        .map((line) => line.trim());
      expect(ignored).toEqual(expect.arrayContaining(['**/node_modules', '**/dist', '.git']));
    });
  });

  describe('image contents (package.json files and package-lock.json)', () => {
    const imageApps = [...APPS, 'embedded'];
    const closures = new Map(imageApps.map((app) => [app, [...productionClosure(imageWorkspace(app))].sort()]));
    const closureOf = (app: string): string[] => closures.get(app) ?? [];
    /** The workspaces some image holds (their code runs in production). */
    const runtimeWorkspaces = WORKSPACES.filter((workspace) => imageApps.some((app) => closureOf(app).includes(manifestOf(workspace).name)));

    it('package-lock.json agrees with every package.json (npm ci refuses a lockfile that does not)', () => {
      expect(lockfile.lockfileVersion).toBe(3);
      for (const workspace of ['', ...WORKSPACES]) {
        const manifest = workspace === '' ? rootManifest : manifestOf(workspace);
        const entry = lockfile.packages[workspace] ?? {};
        for (const field of ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'] as const) {
          expect({ workspace, field, locked: entry[field] ?? {} }).toEqual({ workspace, field, locked: manifest[field] ?? {} });
        }
      }
    });

    it.each(imageApps)('the %s image installs its own code and what it runs on, and no test or build tooling', (app) => {
      const closure = closureOf(app);
      const own = manifestOf(imageWorkspace(app)).name;
      expect(closure).toEqual(expect.arrayContaining([own, '@quire/proto', '@quire/config', '@quire/platform', 'nats', '@nestjs/core']));
      expect(closure.filter(isTooling)).toEqual([]);
      // A service's image holds no gateway code (nor the SPA, which goes with the gateway).
      expect(closure.includes('@quire/gateway')).toBe(app === 'gateway' || app === 'embedded');
    });

    it('test tools and type packages are devDependencies wherever they are used', () => {
      for (const workspace of ['', ...WORKSPACES]) {
        const manifest = workspace === '' ? rootManifest : manifestOf(workspace);
        const production = Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies, ...manifest.peerDependencies });
        const misplaced = production.filter((name) => isTooling(name) || name.startsWith('@types/'));
        expect({ workspace, misplaced }).toEqual({ workspace, misplaced: [] });
      }
      // The workspaces that exist for tests only have no production dependencies at all.
      for (const workspace of ['libs/testing', 'e2e', 'load-tests']) expect(manifestOf(workspace).dependencies).toBeUndefined();
    });

    it.each(runtimeWorkspaces)('every package the code of %s loads is one of its production dependencies', (workspace) => {
      const manifest = manifestOf(workspace);
      const declared = Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies, ...manifest.peerDependencies });
      const imported = importedPackages(workspace);
      expect(imported.size).toBeGreaterThan(0);
      const undeclared = [...imported].filter(([name]) => !declared.includes(name));
      expect(undeclared).toEqual([]);
    });
  });

  describe('container scripts', () => {
    let app: string;
    beforeAll(() => {
      // A stand-in /app: the real scripts next to one main.js per app that prints which file ran.
      app = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-image-'));
      fs.mkdirSync(path.join(app, 'docker'));
      for (const script of ['entrypoint.sh', 'healthcheck.js']) fs.copyFileSync(path.join(root, 'docker', script), path.join(app, 'docker', script));
      for (const name of APPS) {
        const dist = path.join(app, name === 'gateway' ? 'gateway' : path.join('services', name), 'dist');
        fs.mkdirSync(dist, { recursive: true });
        fs.writeFileSync(path.join(dist, 'main.js'), "console.log(JSON.stringify({ main: require('path').relative(process.cwd(), __filename), args: process.argv.slice(2) }));\n");
      }
    });
    afterAll(() => fs.rmSync(app, { recursive: true, force: true }));

    it.each(APPS)('the entrypoint starts %s from its dist/main.js, from the image root', async (name) => {
      const result = await run('sh', [path.join(app, 'docker', 'entrypoint.sh'), '--flag'], { PATH: process.env.PATH, APP: name });
      expect(result).toMatchObject({ code: 0, stderr: '' });
      expect(JSON.parse(result.stdout)).toEqual({
        main: name === 'gateway' ? 'gateway/dist/main.js' : `services/${name}/dist/main.js`,
        args: ['--flag'],
      });
    });

    it('the entrypoint starts the gateway when APP is unset and refuses an unknown app by listing the known ones', async () => {
      const unset = await run('sh', [path.join(app, 'docker', 'entrypoint.sh')], { PATH: process.env.PATH });
      expect(JSON.parse(unset.stdout)).toMatchObject({ main: 'gateway/dist/main.js' });

      const unknown = await run('sh', [path.join(app, 'docker', 'entrypoint.sh')], { PATH: process.env.PATH, APP: 'billing' });
      expect(unknown.code).toBe(64);
      expect(unknown.stderr).toBe(`quire: unknown APP 'billing' (expected one of: ${APPS.join(' ')})`);

      const traversal = await run('sh', [path.join(app, 'docker', 'entrypoint.sh')], { PATH: process.env.PATH, APP: '../gateway' });
      expect(traversal.code).toBe(64);
    });

    it('the health check asks the gateway on PORT and a service on HEALTH_PORT; 2xx passes, an error status or no answer fails', async () => {
      const server = http.createServer((request, response) => {
        response.statusCode = request.url === '/healthz' ? 200 : 503;
        response.end();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const port = String((server.address() as AddressInfo).port);
      const unused = String(
        await new Promise<number>((resolve) => {
          const probe = http.createServer().listen(0, '127.0.0.1', () => {
            const free = (probe.address() as AddressInfo).port;
            probe.close(() => resolve(free));
          });
        }),
      );
      const check = (env: NodeJS.ProcessEnv, ...args: string[]) => run(process.execPath, [path.join(app, 'docker', 'healthcheck.js'), ...args], { PATH: process.env.PATH, ...env });
      try {
        expect((await check({ APP: 'gateway', PORT: port })).code).toBe(0);
        expect((await check({ APP: 'gateway', PORT: port }, '/healthz')).code).toBe(0);
        const notReady = await check({ APP: 'gateway', PORT: port }, '/readyz');
        expect(notReady).toMatchObject({ code: 1, stderr: '/readyz: HTTP 503' });
        // A service answers on its health endpoint, not on PORT.
        expect((await check({ APP: 'page', PORT: unused, HEALTH_PORT: port })).code).toBe(0);
        expect(await check({ APP: 'page', PORT: unused, HEALTH_PORT: port }, '/readyz')).toMatchObject({ code: 1, stderr: '/readyz: HTTP 503' });
        expect((await check({ APP: 'page', PORT: port, HEALTH_PORT: unused })).code).toBe(1);
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
      expect((await check({ APP: 'gateway', PORT: port })).code).toBe(1);
      // A service started without HEALTH_PORT has no endpoint to ask: the check only confirms the process runs.
      expect((await check({ APP: 'auth' })).code).toBe(0);
    });
  });

  describe('docker-compose.yml', () => {
    const infra = ['mongo', 'redis', 'nats', 'minio'];
    /** The `.env` an operator writes beside docker-compose.yml: the secret key, nothing else. */
    const dotEnv = { QUIRE_SECRET_KEY: randomBytes(32).toString('base64') };

    it('has a container named after every directory in services/, and the gateway', () => {
      expect(SERVICES.length).toBeGreaterThan(0);
      for (const name of APPS) expect(Object.keys(composeServices)).toContain(name);
    });

    it.each(APPS)('%s is built from the Dockerfile as its own quire/<app>:latest image', (name) => {
      const service = obj(composeServices, name);
      expect(service.image).toBe(`quire/${name}:latest`);
      expect(obj(service, 'build', 'args')).toEqual({ APP: name });
      expect(obj(service, 'build').context).toBe('.');
    });

    it.each(APPS)('%s sets every configuration variable, with values that pass validation', (name) => {
      const environment = obj(composeServices, name, 'environment');
      expect(Object.keys(environment).sort()).toEqual([...ENV_VARIABLES].sort());
      // `docker compose up` with a .env that sets only the secret key: every ${VAR:-default} resolves to its default.
      const resolved = Object.fromEntries(Object.entries(environment).map(([key, value]) => [key, interpolate(scalar(value), dotEnv)]));
      const config = loadConfig(resolved);
      expect(config.http.port).toBe(GATEWAY_PORT);
      expect(config.health.port).toBe(SERVICE_HEALTH_PORT);
      expect(config.nats.url).toBe('nats://nats:4222');
      expect(config.redis.url).toBe('redis://redis:6379');
      expect(config.mongo.url).toBe('mongodb://mongo:27017/quire?replicaSet=rs0');
      expect(config.s3.endpoint).toBe('http://minio:9000');
      expect(config.http.webDist).toBe('/app/web/dist');
      // Every container shares the one secret key of the environment (distributed mode refuses to boot without one).
      expect(config.secrets.key).toEqual(Buffer.from(dotEnv.QUIRE_SECRET_KEY, 'base64'));
      // No administrator password: the auth service creates `showdoc` with a random one and prints it once.
      expect(config.adminPassword).toBeUndefined();
    });

    it('needs only QUIRE_SECRET_KEY from the environment: every other variable has a default', () => {
      const references = read('docker-compose.yml').match(/\$\{[^}]*\}/g) ?? [];
      expect(references.length).toBeGreaterThan(0);
      for (const reference of references) expect(reference).toMatch(/^\$\{[A-Za-z_][A-Za-z0-9_]*(:-[^}]+|:\?[^}]+)\}$|^\$\{QUIRE_ADMIN_PASSWORD:-\}$/);
      const required = references.filter((reference) => reference.includes(':?')).map((reference) => /^\$\{(\w+)/.exec(reference)?.[1]);
      expect(new Set(required)).toEqual(new Set(['QUIRE_SECRET_KEY']));
    });

    it('commits no administrator password and no secret key: compose stops without the key, the password is random unless set', () => {
      for (const name of APPS) {
        const environment = obj(composeServices, name, 'environment');
        expect(() => interpolate(scalar(environment.QUIRE_SECRET_KEY), {})).toThrow('required variable QUIRE_SECRET_KEY is missing a value: set QUIRE_SECRET_KEY in .env');
        expect(interpolate(scalar(environment.QUIRE_SECRET_KEY), dotEnv)).toBe(dotEnv.QUIRE_SECRET_KEY);
        expect(interpolate(scalar(environment.QUIRE_ADMIN_PASSWORD), {})).toBe('');
        expect(interpolate(scalar(environment.QUIRE_ADMIN_PASSWORD), { QUIRE_ADMIN_PASSWORD: 'from-the-env' })).toBe('from-the-env');
        expect(environment.QUIRE_SECRET_KEY_PREVIOUS).toBe('');
      }
      // Nothing in the file looks like a key (32 bytes as base64 or hex), a default included.
      expect(read('docker-compose.yml').match(/[A-Za-z0-9+/_-]{43}=?|\b[0-9a-fA-F]{64}\b/g)).toBeNull();
    });

    it.each(APPS)('%s waits for healthy infrastructure that is declared in the file', (name) => {
      const dependsOn = obj(composeServices, name, 'depends_on');
      for (const dependency of infra) expect(obj(dependsOn, dependency).condition).toBe('service_healthy');
      for (const dependency of Object.keys(dependsOn)) expect(Object.keys(composeServices)).toContain(dependency);
    });

    it('gives the infrastructure the health checks the apps wait for', () => {
      for (const name of infra) expect(arr(composeServices, name, 'healthcheck', 'test').length).toBeGreaterThan(1);
      expect(arr(composeServices, 'nats', 'command')).toEqual(['-c', '/etc/nats/nats.conf']);
      // monitoring for the health check, and messages up to the transport's MAX_MESSAGE_BYTES
      const natsConf = fs.readFileSync(path.join(root, 'docker/nats.conf'), 'utf8');
      expect(natsConf).toMatch(/^http_port: 8222$/m);
      expect(natsConf).toMatch(new RegExp(`^max_payload: ${MAX_MESSAGE_BYTES}$`, 'm'));
      expect(arr(composeServices, 'nats', 'healthcheck', 'test').map(scalar).join(' ')).toContain(':8222/healthz');
      // JetStream on, for the change feed (search), its store on a named volume so a change outlives a restart of NATS.
      expect(natsConf).toMatch(/^jetstream \{\s*store_dir: "\/data"\s*\}/m);
      expect(arr(composeServices, 'nats', 'volumes')).toContain('nats-data:/data');
      expect(Object.keys(obj(compose, 'volumes'))).toContain('nats-data');
      expect(arr(composeServices, 'minio', 'command')).toEqual(['server', '/data', '--console-address', ':9001']);
      // MinIO's root account is the one the apps use as S3 keys.
      const minioEnv = obj(composeServices, 'minio', 'environment');
      const appEnv = obj(composeServices, 'gateway', 'environment');
      expect(minioEnv.MINIO_ROOT_USER).toBe(appEnv.S3_ACCESS_KEY);
      expect(minioEnv.MINIO_ROOT_PASSWORD).toBe(appEnv.S3_SECRET_KEY);
    });

    it('publishes the gateway on 4999; services publish nothing; every app has a /readyz health check', () => {
      expect(arr(composeServices, 'gateway', 'ports')).toEqual([`${GATEWAY_PORT}:${GATEWAY_PORT}`]);
      for (const name of APPS) {
        expect({ name, test: arr(composeServices, name, 'healthcheck', 'test') }).toEqual({ name, test: ['CMD', 'node', '/app/docker/healthcheck.js', '/readyz'] });
        expect(obj(composeServices, name, 'healthcheck').disable).toBeUndefined();
      }
      for (const name of SERVICES) expect(obj(composeServices, name).ports).toBeUndefined();
    });
  });

  describe('k8s', () => {
    it('every YAML file parses', () => {
      const files: string[] = [];
      const walk = (dir: string): void => {
        for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
          const full = path.join(dir, entry.name);
          if (entry.isDirectory()) walk(full);
          else if (/\.ya?ml$/.test(entry.name)) files.push(full);
        }
      };
      walk(path.join(root, 'k8s'));
      expect(files.length).toBeGreaterThan(10);
      for (const file of files) {
        for (const doc of parseAllDocuments(fs.readFileSync(file, 'utf8'))) {
          expect({ file: path.relative(root, file), errors: doc.errors.map((e) => e.message) }).toEqual({ file: path.relative(root, file), errors: [] });
        }
      }
    });

    it('the base has a Deployment and a PDB per app, and a Service, HPA and Ingress for the gateway', () => {
      expect(
        ofKind(base, 'Deployment')
          .map((d) => d.metadata.name)
          .sort(),
      ).toEqual(APPS.map((name) => `quire-${name}`).sort());
      // quire-collab: where the gateway forwards the co-editing WebSocket upgrades (COLLAB_URL).
      expect(
        ofKind(base, 'Service')
          .map((s) => s.metadata.name)
          .sort(),
      ).toEqual(['quire-collab', 'quire-gateway']);
      expect(
        ofKind(base, 'HorizontalPodAutoscaler')
          .map((h) => h.metadata.name)
          .sort(),
      ).toEqual(['quire-gateway', 'quire-page']);
      expect(
        ofKind(base, 'PodDisruptionBudget')
          .map((p) => p.metadata.name)
          .sort(),
      ).toEqual(APPS.map((name) => `quire-${name}`).sort());
      expect(ofKind(base, 'Ingress').map((i) => i.metadata.name)).toEqual(['quire-gateway']);
      expect(base.every((r) => r.metadata.namespace === undefined)).toBe(true);
    });

    describe.each(Object.keys(renders) as (keyof typeof renders)[])('rendered %s', (render) => {
      const resources = renders[render];

      it.each(APPS)(`runs %s as quire/<app>, non-root, with requests and limits and the shared configuration`, (name) => {
        const deployment = named(resources, 'Deployment', `quire-${name}`);
        const container = mainContainer(deployment);
        expect(scalar(container.image)).toMatch(new RegExp(`^quire/${name}:[\\w.-]+$`));
        const podSecurity = obj(deployment, 'spec', 'template', 'spec', 'securityContext');
        expect(podSecurity.runAsNonRoot).toBe(true);
        expect(podSecurity.runAsUser).toEqual(expect.any(Number));
        expect(podSecurity.runAsUser).not.toBe(0);
        expect(obj(container, 'securityContext').allowPrivilegeEscalation).toBe(false);
        for (const kind of ['requests', 'limits']) {
          expect(Object.keys(obj(container, 'resources', kind)).sort()).toEqual(['cpu', 'memory']);
        }
        expect(arr(container, 'envFrom')).toEqual([{ configMapRef: { name: 'quire-config' } }, { secretRef: { name: 'quire-secrets' } }]);
        const labels = obj(deployment, 'spec', 'template', 'metadata', 'labels');
        expect(labels).toMatchObject(obj(deployment, 'spec', 'selector', 'matchLabels'));
        // DATA_DIR is writable although the root filesystem is read-only.
        const mounts = arr(container, 'volumeMounts').map((mount) => obj(mount).mountPath);
        expect(mounts).toContain('/app/data');
      });

      it.each(SERVICES)('probes %s on its health port (HEALTH_PORT of the ConfigMap): readiness /readyz, liveness /healthz', (name) => {
        const container = mainContainer(named(resources, 'Deployment', `quire-${name}`));
        const healthPort = Number(obj(named(resources, 'ConfigMap', 'quire-config'), 'data').HEALTH_PORT);
        expect(healthPort).toBe(SERVICE_HEALTH_PORT);
        // collab also takes the co-editing WebSockets the gateway forwards, on COLLAB_PORT.
        const collabPort = { name: 'collab', containerPort: Number(obj(named(resources, 'ConfigMap', 'quire-config'), 'data').COLLAB_PORT), protocol: 'TCP' };
        expect(arr(container, 'ports')).toEqual([{ name: 'health', containerPort: healthPort, protocol: 'TCP' }, ...(name === 'collab' ? [collabPort] : [])]);
        expect(obj(container, 'readinessProbe', 'httpGet')).toEqual({ path: '/readyz', port: 'health' });
        expect(obj(container, 'livenessProbe', 'httpGet')).toEqual({ path: '/healthz', port: 'health' });
      });

      it('gives every Deployment a liveness and a readiness probe on a port its container declares', () => {
        for (const deployment of ofKind(resources, 'Deployment')) {
          const container = mainContainer(deployment);
          const ports = arr(container, 'ports').map((port) => obj(port).name);
          for (const probe of ['livenessProbe', 'readinessProbe']) {
            const target = obj(container, probe, 'httpGet');
            expect({ deployment: deployment.metadata.name, probe, declared: ports.includes(target.port) }).toEqual({ deployment: deployment.metadata.name, probe, declared: true });
          }
        }
      });

      it('probes the gateway on 4999: readiness /readyz, liveness /healthz; the Service maps 80 to it', () => {
        const container = mainContainer(named(resources, 'Deployment', 'quire-gateway'));
        expect(arr(container, 'ports')).toEqual([{ name: 'http', containerPort: GATEWAY_PORT, protocol: 'TCP' }]);
        expect(obj(container, 'readinessProbe', 'httpGet')).toEqual({ path: '/readyz', port: 'http' });
        expect(obj(container, 'livenessProbe', 'httpGet')).toEqual({ path: '/healthz', port: 'http' });
        const service = named(resources, 'Service', 'quire-gateway');
        expect(arr(service, 'spec', 'ports')).toEqual([{ name: 'http', port: 80, targetPort: 'http', protocol: 'TCP' }]);
        expect(obj(service, 'spec', 'selector')).toEqual(obj(named(resources, 'Deployment', 'quire-gateway'), 'spec', 'selector', 'matchLabels'));
        const backend = obj(named(resources, 'Ingress', 'quire-gateway'), 'spec', 'rules', 0, 'http', 'paths', 0, 'backend', 'service');
        expect(backend).toEqual({ name: 'quire-gateway', port: { name: 'http' } });
      });

      it('points the autoscalers and the disruption budget at existing Deployments', () => {
        for (const hpa of ofKind(resources, 'HorizontalPodAutoscaler')) {
          expect(hpa.apiVersion).toBe('autoscaling/v2');
          const target = obj(hpa, 'spec', 'scaleTargetRef');
          const deployment = named(resources, scalar(target.kind), scalar(target.name));
          // An autoscaled Deployment leaves its replica count to the autoscaler.
          expect(obj(deployment, 'spec').replicas).toBeUndefined();
          expect(Number(at(hpa, 'spec', 'minReplicas'))).toBeLessThanOrEqual(Number(at(hpa, 'spec', 'maxReplicas')));
        }
        const pdb = named(resources, 'PodDisruptionBudget', 'quire-gateway');
        expect(obj(pdb, 'spec', 'selector', 'matchLabels')).toEqual(obj(named(resources, 'Deployment', 'quire-gateway'), 'spec', 'selector', 'matchLabels'));
      });

      /** The fewest replicas the Deployment runs: its autoscaler's minimum, or its own count (1 when unset). */
      const minimumReplicas = (deployment: Resource): number => {
        const hpa = resources.find((r) => r.kind === 'HorizontalPodAutoscaler' && obj(r, 'spec', 'scaleTargetRef').name === deployment.metadata.name);
        return Number(hpa ? at(hpa, 'spec', 'minReplicas') : (obj(deployment, 'spec').replicas ?? 1));
      };

      it.each(APPS)('%s has one disruption budget: a drain takes one pod at a time and never the last of two', (name) => {
        const deployment = named(resources, 'Deployment', `quire-${name}`);
        const podLabels = obj(deployment, 'spec', 'template', 'metadata', 'labels');
        const budgets = ofKind(resources, 'PodDisruptionBudget').filter((pdb) => selects(obj(pdb, 'spec', 'selector'), podLabels));
        expect(budgets.map((pdb) => pdb.metadata.name)).toEqual([`quire-${name}`]);
        const spec = obj(budgets[0], 'spec');
        expect(budgets[0].apiVersion).toBe('policy/v1');
        expect(obj(spec, 'selector', 'matchLabels')).toEqual(obj(deployment, 'spec', 'selector', 'matchLabels'));
        const replicas = minimumReplicas(deployment);
        // How many pods a drain may evict at once, at the fewest replicas the Deployment runs.
        const evictable = spec.maxUnavailable !== undefined ? Number(spec.maxUnavailable) : replicas - Number(at(spec, 'minAvailable'));
        expect({ replicas, evictable }).toEqual({ replicas, evictable: 1 });
        // Pods that are not ready serve nothing: a drain may always evict them.
        expect(spec.unhealthyPodEvictionPolicy).toBe('AlwaysAllow');
      });

      it.each(APPS)('%s spreads its pods over zones and nodes, as a preference that never blocks scheduling', (name) => {
        const deployment = named(resources, 'Deployment', `quire-${name}`);
        const podLabels = obj(deployment, 'spec', 'template', 'metadata', 'labels');
        const constraints = arr(deployment, 'spec', 'template', 'spec', 'topologySpreadConstraints').map((c) => obj(c));
        expect(constraints.map((c) => c.topologyKey).sort()).toEqual(['kubernetes.io/hostname', 'topology.kubernetes.io/zone']);
        for (const constraint of constraints) {
          expect({ maxSkew: constraint.maxSkew, whenUnsatisfiable: constraint.whenUnsatisfiable }).toEqual({ maxSkew: 1, whenUnsatisfiable: 'ScheduleAnyway' });
          // It counts this app's pods, and only them.
          expect(obj(constraint, 'labelSelector', 'matchLabels')).toEqual(obj(deployment, 'spec', 'selector', 'matchLabels'));
          expect(selects(obj(constraint, 'labelSelector'), podLabels)).toBe(true);
        }
      });

      it('isolates every app both ways: each pod is selected by policies for ingress and for egress', () => {
        for (const deployment of ofKind(resources, 'Deployment')) {
          const podLabels = obj(deployment, 'spec', 'template', 'metadata', 'labels');
          const types = ofKind(resources, 'NetworkPolicy')
            .filter((policy) => selects(obj(policy, 'spec', 'podSelector'), podLabels))
            .flatMap((policy) => arr(policy, 'spec', 'policyTypes'));
          expect({ app: deployment.metadata.name, ingress: types.includes('Ingress'), egress: types.includes('Egress') }).toEqual({
            app: deployment.metadata.name,
            ingress: true,
            egress: true,
          });
        }
        // Every policy applies to some app (a typo in a selector would leave it applying to none).
        for (const policy of ofKind(resources, 'NetworkPolicy')) {
          const selected = ofKind(resources, 'Deployment').filter((d) => selects(obj(policy, 'spec', 'podSelector'), obj(d, 'spec', 'template', 'metadata', 'labels')));
          expect({ policy: policy.metadata.name, selects: selected.length > 0 }).toEqual({ policy: policy.metadata.name, selects: true });
        }
      });

      it.each(APPS)('%s accepts connections only as the gateway from the ingress controller, or as collab from the gateway', (name) => {
        const deployment = named(resources, 'Deployment', `quire-${name}`);
        const ingress = networkGrants(resources, obj(deployment, 'spec', 'template', 'metadata', 'labels'), 'Ingress');
        if (name === 'collab') {
          // The co-editing WebSockets the gateway forwards, and nothing else.
          expect(ingress).toEqual(['pods app.kubernetes.io/name=quire,app.kubernetes.io/component=gateway in this namespace on TCP/collab']);
          expect(arr(mainContainer(deployment), 'ports').map((port) => obj(port).name)).toContain('collab');
          return;
        }
        if (name !== 'gateway') {
          expect(ingress).toEqual([]);
          return;
        }
        expect(ingress).toEqual(['namespace ingress-nginx on TCP/http']);
        expect(arr(mainContainer(deployment), 'ports').map((port) => obj(port).name)).toContain('http');
      });

      it.each(APPS)('%s reaches DNS, NATS, Redis, MongoDB and S3, and nothing else but what its role needs', (name) => {
        const deployment = named(resources, 'Deployment', `quire-${name}`);
        const egress = networkGrants(resources, obj(deployment, 'spec', 'template', 'metadata', 'labels'), 'Egress');
        // The ports the apps are configured to use (the S3 endpoint's Service port 80 leads to MinIO's pods on 9000).
        const settings = { ...obj(named(base, 'ConfigMap', 'quire-config'), 'data'), ...obj(named(base, 'Secret', 'quire-secrets'), 'stringData') };
        const portOf = (key: string): string => new URL(scalar(settings[key])).port;
        expect([portOf('NATS_URL'), portOf('REDIS_URL'), portOf('MONGO_URL')]).toEqual(['4222', '6379', '27017']);
        const expected = ['namespace quire-infra on TCP/4222 TCP/6379 TCP/27017 TCP/9000', 'pods k8s-app=kube-dns in namespace kube-system on UDP/53 TCP/53'];
        // The HTTP test tool's proxy: web ports of public addresses only (private, loopback, link-local and CGNAT ranges excluded).
        if (name === 'gateway') {
          // The co-editing upgrades it forwards to the collab pods (COLLAB_URL's port).
          expect(new URL(scalar(settings.COLLAB_URL)).port).toBe(scalar(settings.COLLAB_PORT));
          expected.push(`pods app.kubernetes.io/name=quire,app.kubernetes.io/component=collab in this namespace on TCP/${scalar(settings.COLLAB_PORT)}`);
          expected.push(
            '0.0.0.0/0 except 0.0.0.0/8 10.0.0.0/8 100.64.0.0/10 127.0.0.0/8 169.254.0.0/16 172.16.0.0/12 192.168.0.0/16 | ::/0 except ::1/128 fc00::/7 fe80::/10 on TCP/80 TCP/443',
          );
        }
        // The import service's URL fetch (API documents) and the webhook deliveries: the same public web ports as the gateway's proxy.
        if (name === 'import' || name === 'webhook') {
          expected.push(
            '0.0.0.0/0 except 0.0.0.0/8 10.0.0.0/8 100.64.0.0/10 127.0.0.0/8 169.254.0.0/16 172.16.0.0/12 192.168.0.0/16 | ::/0 except ::1/128 fc00::/7 fe80::/10 on TCP/80 TCP/443',
          );
        }
        // Mail (SMTP) and the LDAP directory, wherever the operator's servers are.
        if (name === 'auth') expected.push('anywhere on TCP/25 TCP/465 TCP/587 TCP/389 TCP/636');
        expect(egress).toEqual(expected.sort());
      });
    });

    it('the ConfigMap and the example Secret set every configuration variable, each once, with valid values', () => {
      const configMap = obj(named(base, 'ConfigMap', 'quire-config'), 'data');
      const secret = obj(named(base, 'Secret', 'quire-secrets'), 'stringData');
      const keys = [...Object.keys(configMap), ...Object.keys(secret)];
      expect([...keys].sort()).toEqual([...ENV_VARIABLES].sort());
      // ConfigMap values must be strings, or the API server rejects the object.
      for (const [key, value] of Object.entries(configMap)) expect({ key, type: typeof value }).toEqual({ key, type: 'string' });
      for (const key of ['QUIRE_ADMIN_PASSWORD', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'MONGO_URL', 'REDIS_URL', 'SMTP_URL', 'QUIRE_SECRET_KEY', 'QUIRE_SECRET_KEY_PREVIOUS']) {
        expect(Object.keys(secret)).toContain(key);
      }
      const config = loadConfig(Object.fromEntries(Object.entries({ ...configMap, ...secret }).map(([k, v]) => [k, scalar(v)])));
      expect(config.http.port).toBe(GATEWAY_PORT);
      // One HTTP hop, the Ingress controller: a client's own X-Forwarded-For entries are not believed.
      expect(config.http.trustProxy).toBe(1);
      expect(config.nats.url).toBe('nats://nats.quire-infra:4222');
      expect(config.secrets.key).toHaveLength(32);
    });

    it('the example Secret ships no administrator password: the first start prints a random one', () => {
      const secret = obj(named(base, 'Secret', 'quire-secrets'), 'stringData');
      expect(secret.QUIRE_ADMIN_PASSWORD).toBe('');
      expect(loadConfig({ QUIRE_ADMIN_PASSWORD: scalar(secret.QUIRE_ADMIN_PASSWORD) }).adminPassword).toBeUndefined();
    });

    it('the dev overlay runs one replica of every app in quire-dev, with smaller requests than the base', () => {
      const dev = overlays.dev;
      expect(dev.every((r) => r.metadata.namespace === 'quire-dev')).toBe(true);
      for (const deployment of ofKind(dev, 'Deployment')) {
        const hpa = dev.find((r) => r.kind === 'HorizontalPodAutoscaler' && obj(r, 'spec', 'scaleTargetRef').name === deployment.metadata.name);
        const replicas = hpa ? [at(hpa, 'spec', 'minReplicas'), at(hpa, 'spec', 'maxReplicas')] : [at(deployment, 'spec', 'replicas'), 1];
        expect({ deployment: deployment.metadata.name, replicas }).toEqual({ deployment: deployment.metadata.name, replicas: [1, 1] });
        const devMemory = bytes(at(mainContainer(deployment), 'resources', 'requests', 'memory'));
        const baseMemory = bytes(at(mainContainer(named(base, 'Deployment', deployment.metadata.name)), 'resources', 'requests', 'memory'));
        expect(devMemory).toBeLessThanOrEqual(baseMemory);
      }
      expect(named(dev, 'Secret', 'quire-secrets')).toBeDefined();
    });

    it('the production overlay pins released image tags, runs 2+ replicas of every app and ships no example Secret', () => {
      const production = overlays.production;
      expect(production.every((r) => r.metadata.namespace === 'quire')).toBe(true);
      for (const deployment of ofKind(production, 'Deployment')) {
        const name = deployment.metadata.name;
        expect(scalar(mainContainer(deployment).image)).toMatch(new RegExp(`^quire/${name.replace(/^quire-/, '')}:(?!latest$)[\\w.-]+$`));
        const hpa = production.find((r) => r.kind === 'HorizontalPodAutoscaler' && obj(r, 'spec', 'scaleTargetRef').name === name);
        const minimum = Number(hpa ? at(hpa, 'spec', 'minReplicas') : at(deployment, 'spec', 'replicas'));
        expect({ name, minimum: minimum >= 2 }).toEqual({ name, minimum: true });
      }
      expect(production.some((r) => r.kind === 'Secret')).toBe(false);
      expect(arr(named(production, 'Ingress', 'quire-gateway'), 'spec', 'tls').length).toBe(1);
    });
  });

  it('the gateway port agrees everywhere: compose, Dockerfile, k8s and the configuration', () => {
    const ports = {
      composePublished: arr(composeServices, 'gateway', 'ports').map(String),
      composeEnv: obj(composeServices, 'gateway', 'environment').PORT,
      dockerfileExpose: /^EXPOSE (\d+)$/m.exec(dockerfile)?.[1],
      k8sContainerPort: at(mainContainer(named(base, 'Deployment', 'quire-gateway')), 'ports', 0, 'containerPort'),
      k8sConfigMap: obj(named(base, 'ConfigMap', 'quire-config'), 'data').PORT,
    };
    expect(ports).toEqual({
      composePublished: [`${GATEWAY_PORT}:${GATEWAY_PORT}`],
      composeEnv: String(GATEWAY_PORT),
      dockerfileExpose: String(GATEWAY_PORT),
      k8sContainerPort: GATEWAY_PORT,
      k8sConfigMap: String(GATEWAY_PORT),
    });
  });
});
