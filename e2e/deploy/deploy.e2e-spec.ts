/**
 * The deployment files agree with the code: Dockerfile, docker-compose.yml and k8s/ (kustomize base + overlays).
 * No Docker engine and no cluster: the files are parsed, the kustomizations are rendered by a small renderer of
 * the kustomize subset that k8s/ uses (below), and the container scripts run against stand-in apps.
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { ENV_VARIABLES, loadConfig } from '@quire/config';
import { MAX_MESSAGE_BYTES } from '@quire/proto';
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
    const op = String(at(operation, 'op'));
    const pointer = String(at(operation, 'path'));
    const keys = pointer.split('/').slice(1).map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'));
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
  const body: Json =
    typeof spec.path === 'string' ? parse(fs.readFileSync(path.join(dir, spec.path), 'utf8')) : parse(String(at(spec, 'patch')));
  const target = spec.target === undefined ? undefined : obj(spec, 'target');
  for (const key of Object.keys(target ?? {})) {
    if (!['kind', 'name'].includes(key)) throw new Error(`patch target field ${key} is not supported by this renderer`);
  }
  let matches: (resource: Resource) => boolean;
  if (target) {
    const nameRe = target.name === undefined ? undefined : new RegExp(`^(?:${String(target.name)})$`);
    matches = (r) => (target.kind === undefined || r.kind === target.kind) && (!nameRe || nameRe.test(r.metadata.name));
  } else {
    if (!isObject(body)) throw new Error(`${String(spec.path)}: a JSON 6902 patch needs a target`);
    matches = (r) => r.kind === body.kind && r.metadata.name === String(obj(body, 'metadata').name);
  }
  if (!resources.some(matches)) throw new Error(`patch ${String(spec.path ?? 'inline')} matches no resource`);
  return resources.flatMap((resource) => {
    if (!matches(resource)) return [resource];
    if (Array.isArray(body)) return [applyJsonPatch(resource, body)];
    if (!isObject(body)) throw new Error(`patch ${String(spec.path)} is neither a mapping nor a list`);
    if (body.$patch === 'delete') return [];
    const patchBody = target ? { ...body, metadata: { ...obj(body, 'metadata'), name: resource.metadata.name } } : body;
    return [strategicMerge(resource, patchBody) as Resource];
  });
}

function setImages(resources: Resource[], images: Json[]): Resource[] {
  return resources.map((resource) => {
    if (resource.kind !== 'Deployment') return resource;
    const result = clone(resource);
    for (const container of arr(result, 'spec', 'template', 'spec', 'containers')) {
      if (!isObject(container)) continue;
      const [name] = String(container.image).split(':');
      const rule = images.find((image) => isObject(image) && image.name === name);
      if (isObject(rule)) container.image = `${String(rule.newName ?? name)}:${String(rule.newTag ?? 'latest')}`;
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
    const resourcePath = path.join(absolute, String(entry));
    return fs.statSync(resourcePath).isDirectory()
      ? renderKustomization(path.relative(root, resourcePath))
      : parseResources(resourcePath);
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
  const match = /^(\d+(?:\.\d+)?)(Ki|Mi|Gi|K|M|G)?$/.exec(String(quantity));
  if (!match) throw new Error(`not a memory quantity: ${String(quantity)}`);
  const units: Record<string, number> = { Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, K: 1e3, M: 1e6, G: 1e9 };
  return Number(match[1]) * (match[2] ? units[match[2]] : 1);
}

/** Resolves compose's `${VAR:-default}` / `${VAR-default}` / `${VAR}` / `$$` against `env`. */
function interpolate(value: string, env: Record<string, string | undefined>): string {
  return value.replace(/\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?-)([^}]*))?\}/g, (match, name?: string, operator?: string, fallback?: string) => {
    if (match === '$$') return '$';
    const current = env[name ?? ''];
    if (operator === ':-') return current ? current : (fallback ?? '');
    if (operator === '-') return current ?? fallback ?? '';
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
    const runtime = instructions.slice(instructions.findIndex((line) => / AS runtime$/i.test(line)));

    it('builds on node:20-bookworm-slim in both stages and runs as the non-root node user', () => {
      const froms = instructions.filter((line) => line.startsWith('FROM '));
      expect(froms).toEqual(['FROM node:20-bookworm-slim AS build', 'FROM node:20-bookworm-slim AS runtime']);
      expect(runtime.filter((line) => line.startsWith('USER '))).toEqual(['USER node']);
    });

    it('selects the app with ARG APP=gateway, exposes the gateway port and checks /healthz', () => {
      expect(runtime).toContain('ARG APP=gateway');
      expect(runtime.some((line) => /^ENV APP=\$APP\b/.test(line))).toBe(true);
      expect(runtime).toContain(`EXPOSE ${GATEWAY_PORT}`);
      expect(runtime.find((line) => line.startsWith('HEALTHCHECK '))).toContain('/healthz');
      expect(runtime.find((line) => line.startsWith('ENTRYPOINT '))).toContain('/app/docker/entrypoint.sh');
    });

    it('copies every workspace manifest before installing, then builds and drops dev dependencies', () => {
      const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
      const installAt = instructions.findIndex((line) => /^RUN npm (install|ci)\b/.test(line));
      expect(installAt).toBeGreaterThan(0);
      const copied = instructions.slice(0, installAt).filter((line) => line.startsWith('COPY '));
      for (const workspace of workspaces) {
        expect(copied).toContain(`COPY ${workspace}/package.json ${workspace}/`);
      }
      expect(copied).toContain('COPY package.json package-lock.json ./');
      expect(instructions.slice(installAt)).toContain('RUN npm run build');
      expect(dockerfile).toContain('npm prune --omit=dev');
    });

    it('keeps node_modules and build output out of the build context', () => {
      const ignored = read('.dockerignore').split('\n').map((line) => line.trim());
      expect(ignored).toEqual(expect.arrayContaining(['**/node_modules', '**/dist', '.git']));
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
        fs.writeFileSync(
          path.join(dist, 'main.js'),
          "console.log(JSON.stringify({ main: require('path').relative(process.cwd(), __filename), args: process.argv.slice(2) }));\n",
        );
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

    it('the health check passes on a 2xx answer of the gateway and fails on an error status or no answer', async () => {
      const server = http.createServer((request, response) => {
        response.statusCode = request.url === '/healthz' ? 200 : 503;
        response.end();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const port = String((server.address() as AddressInfo).port);
      const check = (env: NodeJS.ProcessEnv, ...args: string[]) =>
        run(process.execPath, [path.join(app, 'docker', 'healthcheck.js'), ...args], { PATH: process.env.PATH, PORT: port, ...env });
      try {
        expect((await check({ APP: 'gateway' })).code).toBe(0);
        expect((await check({ APP: 'gateway' }, '/healthz')).code).toBe(0);
        const notReady = await check({ APP: 'gateway' }, '/readyz');
        expect(notReady).toMatchObject({ code: 1, stderr: '/readyz: HTTP 503' });
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
      expect((await check({ APP: 'gateway' })).code).toBe(1);
      // Services serve no HTTP: the check only confirms the process runs.
      expect((await check({ APP: 'auth' })).code).toBe(0);
    });
  });

  describe('docker-compose.yml', () => {
    const infra = ['mongo', 'redis', 'nats', 'minio'];

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
      // `docker compose up` with no .env: every ${VAR:-default} resolves to its default.
      const resolved = Object.fromEntries(Object.entries(environment).map(([key, value]) => [key, interpolate(String(value), {})]));
      const config = loadConfig(resolved);
      expect(config.http.port).toBe(GATEWAY_PORT);
      expect(config.nats.url).toBe('nats://nats:4222');
      expect(config.redis.url).toBe('redis://redis:6379');
      expect(config.mongo.url).toBe('mongodb://mongo:27017/quire');
      expect(config.s3.endpoint).toBe('http://minio:9000');
      expect(config.http.webDist).toBe('/app/web/dist');
      // Every container shares one secret key (distributed mode refuses to boot without one).
      expect(config.secrets.key).toHaveLength(32);
    });

    it('gives every interpolated variable a default, so it starts without a .env file', () => {
      const references = read('docker-compose.yml').match(/\$\{[^}]*\}/g) ?? [];
      expect(references.length).toBeGreaterThan(0);
      for (const reference of references) expect(reference).toMatch(/^\$\{[A-Za-z_][A-Za-z0-9_]*:-[^}]+\}$/);
    });

    it.each(APPS)('%s waits for healthy infrastructure that is declared in the file', (name) => {
      const dependsOn = obj(composeServices, name, 'depends_on');
      for (const dependency of infra) expect(obj(dependsOn, dependency).condition).toBe('service_healthy');
      for (const dependency of Object.keys(dependsOn)) expect(Object.keys(composeServices)).toContain(dependency);
    });

    it('gives the infrastructure the health checks the apps wait for', () => {
      for (const name of infra) expect(arr(composeServices, name, 'healthcheck', 'test').length).toBeGreaterThan(1);
      expect(arr(composeServices, 'nats', 'command')).toEqual(['-c', '/etc/nats/nats.conf']);
      // monitoring for the health check, and messages up to proto's MAX_MESSAGE_BYTES
      const natsConf = fs.readFileSync(path.join(root, 'docker/nats.conf'), 'utf8');
      expect(natsConf).toMatch(/^http_port: 8222$/m);
      expect(natsConf).toMatch(new RegExp(`^max_payload: ${MAX_MESSAGE_BYTES}$`, 'm'));
      expect(arr(composeServices, 'nats', 'healthcheck', 'test').join(' ')).toContain(':8222/healthz');
      expect(arr(composeServices, 'minio', 'command')).toEqual(['server', '/data', '--console-address', ':9001']);
      // MinIO's root account is the one the apps use as S3 keys.
      const minioEnv = obj(composeServices, 'minio', 'environment');
      const appEnv = obj(composeServices, 'gateway', 'environment');
      expect(minioEnv.MINIO_ROOT_USER).toBe(appEnv.S3_ACCESS_KEY);
      expect(minioEnv.MINIO_ROOT_PASSWORD).toBe(appEnv.S3_SECRET_KEY);
    });

    it('publishes the gateway on 4999 with a /readyz health check; services publish nothing', () => {
      expect(arr(composeServices, 'gateway', 'ports')).toEqual([`${GATEWAY_PORT}:${GATEWAY_PORT}`]);
      expect(arr(composeServices, 'gateway', 'healthcheck', 'test')).toEqual(['CMD', 'node', '/app/docker/healthcheck.js', '/readyz']);
      for (const name of SERVICES) {
        expect(obj(composeServices, name).ports).toBeUndefined();
        expect(obj(composeServices, name, 'healthcheck').disable).toBe(true);
      }
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

    it('the base has a Deployment per app, and a Service, HPA, PDB and Ingress for the gateway', () => {
      expect(ofKind(base, 'Deployment').map((d) => d.metadata.name).sort()).toEqual(APPS.map((name) => `quire-${name}`).sort());
      expect(ofKind(base, 'Service').map((s) => s.metadata.name)).toEqual(['quire-gateway']);
      expect(ofKind(base, 'HorizontalPodAutoscaler').map((h) => h.metadata.name).sort()).toEqual(['quire-gateway', 'quire-page']);
      expect(ofKind(base, 'PodDisruptionBudget').map((p) => p.metadata.name)).toEqual(['quire-gateway']);
      expect(ofKind(base, 'Ingress').map((i) => i.metadata.name)).toEqual(['quire-gateway']);
      expect(base.every((r) => r.metadata.namespace === undefined)).toBe(true);
    });

    describe.each(Object.keys(renders) as (keyof typeof renders)[])('rendered %s', (render) => {
      const resources = renders[render];

      it.each(APPS)(`runs %s as quire/<app>, non-root, with requests and limits and the shared configuration`, (name) => {
        const deployment = named(resources, 'Deployment', `quire-${name}`);
        const container = mainContainer(deployment);
        expect(String(container.image)).toMatch(new RegExp(`^quire/${name}:[\\w.-]+$`));
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
          const deployment = named(resources, String(target.kind), String(target.name));
          // An autoscaled Deployment leaves its replica count to the autoscaler.
          expect(obj(deployment, 'spec').replicas).toBeUndefined();
          expect(Number(at(hpa, 'spec', 'minReplicas'))).toBeLessThanOrEqual(Number(at(hpa, 'spec', 'maxReplicas')));
        }
        const pdb = named(resources, 'PodDisruptionBudget', 'quire-gateway');
        expect(obj(pdb, 'spec', 'selector', 'matchLabels')).toEqual(obj(named(resources, 'Deployment', 'quire-gateway'), 'spec', 'selector', 'matchLabels'));
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
      const config = loadConfig(Object.fromEntries(Object.entries({ ...configMap, ...secret }).map(([k, v]) => [k, String(v)])));
      expect(config.http.port).toBe(GATEWAY_PORT);
      expect(config.http.trustProxy).toBe(true);
      expect(config.nats.url).toBe('nats://nats.quire-infra:4222');
      expect(config.secrets.key).toHaveLength(32);
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
        expect(String(mainContainer(deployment).image)).toMatch(new RegExp(`^quire/${name.replace(/^quire-/, '')}:(?!latest$)[\\w.-]+$`));
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
