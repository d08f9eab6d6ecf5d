/**
 * Debian's nginx as a round-robin load balancer (no stickiness) on loopback, in front of instances
 * of the server: the configuration of docs/deployment.md without TLS, under a prefix folder of its
 * own (config, pid, logs, temp files), started in the foreground and stopped by its PID. Used by the
 * nginx two-instance test suite (apps/server/src/storage/two-instances.nginx.test.ts) and by the
 * two-instance runs of bench:chat and bench:search.
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The nginx binary when the machine has one (apt-get install -y nginx), else undefined. */
export const nginxBinary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));

export interface NginxOptions {
  /** The port nginx listens on, on 127.0.0.1. */
  port: number;
  /** The instances' ports on 127.0.0.1, in round robin. */
  upstreamPorts: number[];
  /** The prefix folder (created, emptied, removed on stop); a new one under the OS temp folder by default. */
  dir?: string;
  /** Connections per worker; every proxied request holds two (client side and instance side). Default 256. */
  workerConnections?: number;
  /** Passive health check: an instance that fails this many times is skipped for failTimeout. */
  maxFails?: number;
  failTimeout?: string;
  /** Answered 2xx through nginx once it and an instance are up. Default /api/health. */
  readyPath?: string;
}

export interface RunningNginx {
  /** http://127.0.0.1:port */
  url: string;
  pid: number;
  dir: string;
  /** Stops nginx by its PID (SIGTERM, then SIGKILL after 5 s) and removes the prefix folder. */
  stop(): Promise<void>;
}

export function nginxConfig(dir: string, options: NginxOptions): string {
  const workerConnections = options.workerConnections ?? 256;
  const upstreamServers = options.upstreamPorts
    .map((p) => `    server 127.0.0.1:${p} max_fails=${options.maxFails ?? 1} fail_timeout=${options.failTimeout ?? '30s'};`)
    .join('\n');
  const proxied = `
      proxy_pass http://rentdrive;
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_next_upstream error timeout;`;
  return `
worker_processes 1;
worker_rlimit_nofile ${workerConnections * 2 + 64};
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections ${workerConnections}; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 25m;
  upstream rentdrive {
${upstreamServers}
    keepalive 16;
  }
  map $http_upgrade $connection_upgrade { default upgrade; '' ''; }
  server {
    listen 127.0.0.1:${options.port};
    location / {${proxied}
    }
    location /chat {${proxied}
      proxy_buffering off;
      proxy_read_timeout 120s;
    }
  }
}
`;
}

/** Writes the configuration, checks it (nginx -t), starts nginx and waits until readyPath answers through it. */
export async function startNginx(options: NginxOptions): Promise<RunningNginx> {
  if (!nginxBinary) throw new Error('nginx is not installed (apt-get install -y nginx)');
  const dir = options.dir ?? mkdtempSync(path.join(os.tmpdir(), 'rentdrive-nginx-'));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(conf, nginxConfig(dir, options));
  // -e: the error log before the configuration is read (else /var/log/nginx, which may not be writable).
  const args = ['-e', path.join(dir, 'error.log'), '-p', dir, '-c', conf];
  const check = spawnSync(nginxBinary, ['-t', ...args], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t: ${check.stderr}`);
  const child = spawn(nginxBinary, args, { stdio: 'ignore' });
  const url = `http://127.0.0.1:${options.port}`;
  const exited = once(child, 'exit');
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      process.kill(child.pid!, 'SIGTERM');
      const timer = setTimeout(() => child.exitCode === null && process.kill(child.pid!, 'SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) break;
    const ok = await fetch(`${url}${options.readyPath ?? '/api/health'}`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, pid: child.pid!, dir, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const log = existsSync(path.join(dir, 'error.log')) ? readFileSync(path.join(dir, 'error.log'), 'utf8').slice(-2_000) : '';
  await stop();
  throw new Error(`nginx did not answer on ${url}${log ? `: ${log}` : ''}`);
}
