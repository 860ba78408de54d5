import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningNginx, startNginx } from './nginx';
import { createDatabase, dropDatabase } from './pg-admin';
import { startS3Server, type TestS3Server } from './s3-server';
import { type SpawnedServer, spawnServer } from './spawn-server';

export interface Instance extends SpawnedServer {
  /** INSTANCE_NAME, sent back in each response's X-Instance header. */
  name: string;
  /** Its DATA_DIR: with media in the bucket, nothing may appear in it but what PGlite would need (nothing here). */
  dataDir: string;
}

export interface Cluster {
  /** nginx: the one URL clients use. */
  url: string;
  instances: Instance[];
  s3: TestS3Server;
  nginx: RunningNginx;
  /** The cluster's own PostgreSQL database (created fresh, dropped by stop). */
  databaseUrl: string;
  /** Everything the instances and nginx wrote, for a failure message. */
  output(): string;
  stop(): Promise<void>;
}

const STOP_WITHIN_MS = 15_000;

/** Stops a spawned process, killing it if it has not exited within the bound. */
async function stopWithin(server: SpawnedServer, ms: number) {
  const timer = setTimeout(() => server.child.kill('SIGKILL'), ms);
  try {
    return await server.stop();
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The reference deployment of docs/design.md §9 on 127.0.0.1: one fresh PostgreSQL database (on the
 * server of `serverUrl`), one S3-protocol server (s3rver), `count` app instances started as
 * `npm start` runs them (the built bundle) with media in the bucket and names `a`, `b`…, and nginx
 * round-robin in front. The first instance migrates and seeds before the others start. `stop`
 * ends everything within bounded time and drops the database.
 */
export async function startCluster(options: {
  serverUrl: string;
  count: number;
  env?: Record<string, string>;
}): Promise<Cluster> {
  const { serverUrl, count, env = {} } = options;
  const database = await createDatabase(serverUrl, 'app_cluster', { fromTemplate: false });
  const instances: Instance[] = [];
  let s3: TestS3Server | null = null;
  let nginx: RunningNginx | null = null;
  const stop = async () => {
    await nginx?.stop();
    // The later instances first, as app-server.ts does for a shared database.
    for (const instance of [...instances].reverse()) {
      await stopWithin(instance, STOP_WITHIN_MS);
      rmSync(instance.dataDir, { recursive: true, force: true });
    }
    await s3?.stop();
    await dropDatabase(serverUrl, database.name);
  };
  try {
    s3 = await startS3Server();
    for (let i = 0; i < count; i++) {
      const name = String.fromCharCode(97 + i);
      const dataDir = mkdtempSync(join(tmpdir(), `cluster-${name}-`));
      const server = await spawnServer(
        {
          HOME: process.env.HOME ?? '',
          DATA_DIR: dataDir,
          DATABASE_URL: database.url,
          INSTANCE_NAME: name,
          // nginx is the one proxy in front: client addresses come from its X-Forwarded-For.
          TRUST_PROXY: '127.0.0.1',
          AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
          ...s3.env,
          ...env,
        },
        { entry: 'bundle', startTimeoutMs: 60_000 },
      );
      instances.push({ ...server, name, dataDir });
    }
    nginx = await startNginx(instances.map((instance) => new URL(instance.url).host));
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
  const running = nginx;
  return {
    url: running.url,
    instances,
    s3,
    nginx: running,
    databaseUrl: database.url,
    output: () =>
      [
        ...instances.map((i) => `--- instance ${i.name}\n${i.output()}`),
        `--- nginx\n${running.errorLog()}`,
      ].join('\n'),
    stop,
  };
}

/** Files an instance wrote under its DATA_DIR (with media in the bucket: none). */
export const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
