import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';

/** Debian's python3-aiosmtpd: a real SMTP server delivering into a Maildir (issue 25's mail tests). */
export const AIOSMTPD = '/usr/bin/aiosmtpd';
export const HAS_AIOSMTPD = existsSync(AIOSMTPD);
if (!HAS_AIOSMTPD) console.log(`mail tests skipped: ${AIOSMTPD} is missing (apt-get install python3-aiosmtpd)`);

export interface SmtpServer {
  port: number;
  url: string;
  /** The messages delivered so far, parsed, oldest first. */
  messages(): Promise<ParsedMail[]>;
  /** Waits until at least `count` messages arrived (or fails after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  /** Stops the server (by its PID); start() brings it back on the same port and Maildir. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Starts aiosmtpd with its Mailbox handler on 127.0.0.1:`port`. */
export async function startSmtpServer(port: number): Promise<SmtpServer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rentdrive-maildir-'));
  const maildir = path.join(dir, 'Maildir');
  let child: ChildProcess | undefined;

  async function start() {
    child = spawn(AIOSMTPD, ['-n', '-l', `127.0.0.1:${port}`, '-c', 'aiosmtpd.handlers.Mailbox', maildir], { stdio: 'ignore' });
    for (let i = 0; i < 100; i++) {
      if (await portOpen(port)) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`aiosmtpd did not listen on ${port}`);
  }
  async function stop() {
    const running = child;
    child = undefined;
    if (!running?.pid || running.exitCode !== null) return;
    const exited = new Promise((r) => running.once('exit', r));
    process.kill(running.pid, 'SIGTERM');
    await exited;
  }
  async function messages() {
    const folder = path.join(maildir, 'new');
    if (!existsSync(folder)) return [];
    const files = readdirSync(folder).sort();
    const parsed = await Promise.all(files.map((f) => simpleParser(readFileSync(path.join(folder, f)))));
    return parsed.sort((a, b) => (a.date?.getTime() ?? 0) - (b.date?.getTime() ?? 0));
  }
  await start();
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = await messages();
        if (found.length >= count) return found;
        if (Date.now() > deadline) throw new Error(`expected ${count} messages, have ${found.length}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    stop,
    start,
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
