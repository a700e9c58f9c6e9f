import { spawnSync } from 'node:child_process';

/** The images the container suites start: the ones docker-compose.yml runs. */
export const MONGO_IMAGE = 'mongo:7';
export const MINIO_IMAGE = 'minio/minio';

/** How long the probe may take: a first pull of an image included. */
const PROBE_TIMEOUT_MS = 5 * 60_000;

/**
 * Asks testcontainers, in a child process, whether a container runtime (Docker, Podman) answers and
 * has the image or can pull it. A child process, because a suite decides whether it runs while jest
 * collects it, synchronously. Returns '' when the image can run, otherwise why not.
 */
export function containerUnavailableReason(image: string): string {
  const probe = `
    const { getContainerRuntimeClient, ImageName } = require(${JSON.stringify(require.resolve('testcontainers'))});
    (async () => {
      const client = await getContainerRuntimeClient().catch((error) => { throw new Error('no container runtime answers (' + error.message + ')'); });
      const name = ImageName.fromString(${JSON.stringify(image)});
      if (!(await client.image.exists(name))) {
        await client.image.pull(name).catch((error) => { throw new Error('the image ${image} cannot be pulled (' + error.message + ')'); });
      }
    })().then(() => process.exit(0), (error) => { process.stderr.write(error.message); process.exit(1); });
  `;
  const result = spawnSync(process.execPath, ['-e', probe], { encoding: 'utf8', timeout: PROBE_TIMEOUT_MS });
  if (result.status === 0) return '';
  return result.stderr.trim() || `the container probe ended without an answer (${result.error?.message ?? `exit ${String(result.status)}`})`;
}

/** A server in a container, and how to remove it. */
export interface ContainerServer {
  stop(): Promise<void>;
}

/** A single-node replica set (transactions need one), reached directly at its mapped port. */
export async function startMongoContainer(): Promise<ContainerServer & { url: string }> {
  // Loaded on use: testcontainers is large, and only these suites need it.
  const { MongoDBContainer } = await import('@testcontainers/mongodb');
  const container = await new MongoDBContainer(MONGO_IMAGE).start();
  return {
    url: `${container.getConnectionString()}/quire?directConnection=true`,
    stop: async () => void (await container.stop()),
  };
}

/** MinIO with its default credentials, in the shape of startS3Server's answer. */
export async function startMinioContainer(): Promise<ContainerServer & { endpoint: string; accessKey: string; secretKey: string; bucket: string; region: string }> {
  const { MinioContainer } = await import('@testcontainers/minio');
  const container = await new MinioContainer(MINIO_IMAGE).start();
  return {
    endpoint: container.getConnectionUrl(),
    accessKey: container.getUsername(),
    secretKey: container.getPassword(),
    bucket: 'quire-test',
    region: 'us-east-1',
    stop: async () => void (await container.stop()),
  };
}
