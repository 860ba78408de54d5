import { type ChildProcess, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find((path) => existsSync(path)) ?? 'nginx';
/** Debian's unprivileged account: nginx never runs as root here, even when the tests do. */
const NOBODY = { uid: 65534, gid: 65534 };

export interface RunningNginx {
  url: string;
  /** Everything nginx wrote to its error log (start-up problems, upstream errors). */
  errorLog(): string;
  stop(): Promise<void>;
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/**
 * The load balancer of the reference deployment (docs/design.md §9, docs/postgresql.md, "Several instances behind
 * nginx"): round-robin over the app instances, no sticky sessions. Request bodies are streamed to
 * the app as they arrive (tus chunks of 5 MB pass; the app itself bounds every body), responses
 * that say `X-Accel-Buffering: no` (the live stream, GET /api/events) are passed on unbuffered,
 * and upstream connections are kept alive.
 */
export function nginxConfig(options: { port: number; upstreams: string[]; directory: string }) {
  const { port, upstreams, directory } = options;
  return `worker_processes 1;
daemon off;
pid ${directory}/nginx.pid;
error_log ${directory}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${directory}/client-body;
  proxy_temp_path ${directory}/proxy;
  fastcgi_temp_path ${directory}/fastcgi;
  uwsgi_temp_path ${directory}/uwsgi;
  scgi_temp_path ${directory}/scgi;
  upstream app {
${upstreams.map((address) => `    server ${address} max_fails=0;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 16m;
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_request_buffering off;
      proxy_read_timeout 120s;
      proxy_send_timeout 120s;
    }
  }
}
`;
}

/** Starts nginx (Debian's package) on a free 127.0.0.1 port with a generated config in a temporary directory. */
export async function startNginx(upstreams: string[]): Promise<RunningNginx> {
  const directory = mkdtempSync(join(tmpdir(), 'nginx-'));
  const port = await freePort();
  writeFileSync(join(directory, 'nginx.conf'), nginxConfig({ port, upstreams, directory }));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(directory, NOBODY.uid, NOBODY.gid);
  const child: ChildProcess = spawn(
    NGINX,
    ['-p', directory, '-c', join(directory, 'nginx.conf'), '-e', join(directory, 'error.log')],
    { stdio: ['ignore', 'ignore', 'pipe'], ...(asRoot ? NOBODY : {}) },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const errorLog = () => {
    try {
      return `${stderr}${readFileSync(join(directory, 'error.log'), 'utf8')}`;
    } catch {
      return stderr;
    }
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode) throw new Error(`nginx did not start:\n${errorLog()}`);
    const up = await fetch(`${url}/api/health`).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not answer on ${url} within 10 s:\n${errorLog()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    errorLog,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
