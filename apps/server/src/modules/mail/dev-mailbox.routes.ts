import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { MailService } from './mail.service';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const PAGE_STYLE =
  'body{font-family:system-ui,sans-serif;margin:0;padding:24px;color:#0f172a;background:#f8fafc}main{max-width:960px;margin:0 auto}' +
  'h1{font-size:24px}table{width:100%;border-collapse:collapse;background:#fff}th,td{text-align:left;overflow-wrap:anywhere;padding:8px 12px;border-bottom:1px solid #e2e8f0;font-size:14px}' +
  'a{color:#0f766e}pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#fff;border:1px solid #e2e8f0;padding:16px;border-radius:8px}';

/** Plain text with its http(s) links made clickable (the e-mail's own links lead into the app). */
function linkify(text: string): string {
  return escape(text).replace(/https?:\/\/[^\s\]<>"]+/g, (url) => `<a href="${url}">${url}</a>`);
}

// A static page is interactive as soon as it loads (the web app marks itself so after hydrating).
function page(title: string, body: string): string {
  return `<!doctype html><html lang="en" data-interactive><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)}</title><style>${PAGE_STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/**
 * The development mailbox (issue 25): every message the outbox holds, newest first, and each one as
 * it would arrive (its HTML part; its plain text below /text). Registered only outside production, so
 * a newcomer running `npm start` without SMTP_URL can follow a reset link.
 */
export function registerDevMailboxRoutes(app: FastifyInstance, mail: MailService): void {
  const access = { config: { access: 'public' as const } };
  app.get('/dev/mailbox', access, async (_request, reply) => {
    const messages = await mail.list();
    const rows = messages
      .map(
        (m) =>
          `<tr><td>${escape(m.createdAt.toISOString().replace('T', ' ').slice(0, 19))}</td><td>${escape(m.toAddress)}</td><td><a href="/dev/mailbox/${m.id}">${escape(m.subject)}</a></td><td>${escape(m.status)}</td></tr>`,
      )
      .join('');
    const table = messages.length
      ? `<table><thead><tr><th scope="col">Date (UTC)</th><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Status</th></tr></thead><tbody>${rows}</tbody></table>`
      : '<p>No messages yet.</p>';
    reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8');
    return page(
      'Development mailbox',
      `<h1>Development mailbox</h1><p>Mail the app wrote (nothing leaves this machine without SMTP_URL).</p>${table}`,
    );
  });

  // An unknown message is a 404 like any other of the server's (problem+json), not a page of its own.
  const find = async (id: string) => {
    const message = /^[0-9a-f-]{36}$/i.test(id) ? await mail.get(id) : undefined;
    if (!message) throw AppError.notFound('No such message in the development mailbox.');
    return message;
  };

  // One message: its headers and plain-text part (links clickable), and its HTML part as sent.
  app.get<{ Params: { id: string } }>('/dev/mailbox/:id', access, async (request, reply) => {
    const message = await find(request.params.id);
    reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8');
    const facts = [
      ['To', message.toAddress],
      ['Subject', message.subject],
      ['Date (UTC)', message.createdAt.toISOString().replace('T', ' ').slice(0, 19)],
      ['Status', `${message.status}${message.lastError ? ` (${message.lastError})` : ''}`],
    ]
      .map(([name, value]) => `<tr><th scope="row">${escape(name!)}</th><td>${escape(value!)}</td></tr>`)
      .join('');
    return reply.send(
      page(
        message.subject,
        `<p><a href="/dev/mailbox">Back to the mailbox</a></p><h1>${escape(message.subject)}</h1><table>${facts}</table>` +
          `<p><a href="/dev/mailbox/${message.id}/html">Open the HTML part</a></p><h2>Plain text</h2><pre>${linkify(message.text)}</pre>`,
      ),
    );
  });

  app.get<{ Params: { id: string } }>('/dev/mailbox/:id/html', access, async (request, reply) => {
    const message = await find(request.params.id);
    reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8');
    return reply.send(message.html);
  });
}
