import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { RenderedPage } from '@rentdrive/contracts/web-paths';

/** What the server renderer produces for one page (the contract of apps/web/src/entry-server.tsx). */
export type { RenderedPage };

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

export interface DocumentTemplate {
  /** index.html as built, for pages the browser renders alone. */
  shell: string;
  /** The page's document: its head, its markup in #root, the data it hydrates from and its chunks preloaded. */
  compose(page: RenderedPage): string;
  /**
   * The same document in two parts around a streamed body (ADR 016): `start` through the opening of
   * #root (head, preloads), `end` what follows the data block (the body's end).
   */
  frame(page: Pick<RenderedPage, 'head' | 'locale' | 'modules'>): { start: string; end: string };
}

const TITLE = /<title>[^<]*<\/title>/;
const DESCRIPTION = /\s*<meta name="description"[^>]*>/;
const ROOT = '<div id="root"></div>';

/**
 * The built index.html, read once, with the product name written in (the build says RentDrive),
 * and the client manifest, to name the chunks a rendered screen needs.
 */
export function loadDocumentTemplate(distDir: string, productName: string, mapStyleUrl?: string): DocumentTemplate {
  const built = readFileSync(path.join(distDir, 'index.html'), 'utf8').replaceAll('RentDrive', escapeHtml(productName));
  // MAP_STYLE_URL for the maps (issue 26; apps/web/src/components/map/map-style.ts reads it).
  const shell = mapStyleUrl
    ? built.replace('</head>', `  <meta name="rentdrive-map-style" content="${escapeHtml(mapStyleUrl)}" />\n  </head>`)
    : built;
  const manifest = readManifest(distDir);
  const inShell = new Set<string>();
  const preloadCache = new Map<string, string>();

  const titleAt = shell.search(TITLE);
  const rootAt = shell.indexOf(ROOT);
  if (titleAt < 0 || rootAt < 0) throw new Error('index.html has no <title> or no empty <div id="root">.');
  const withoutTitle = shell.replace(TITLE, '\u0000').replace(DESCRIPTION, '');
  const [beforeHead = '', afterHead = ''] = withoutTitle.split('\u0000');
  const headEnd = afterHead.indexOf('</head>');
  const [headRest, body] = [afterHead.slice(0, headEnd), afterHead.slice(headEnd)];
  const [bodyStart = '', bodyEnd = ''] = body.split(ROOT);
  for (const match of shell.matchAll(/(?:src|href)="\/([^"]+)"/g)) if (match[1]) inShell.add(match[1]);

  function preloads(modules: string[]): string {
    const key = modules.join('|');
    const known = preloadCache.get(key);
    if (known !== undefined) return known;
    const files = new Set<string>();
    const visit = (id: string) => {
      const chunk = manifest[id];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    for (const id of modules) visit(id);
    // A stylesheet the screen needs beyond the shell's (the whole one, for screens outside the first
    // load: apps/web/vite-styles.ts) is linked after the shell's, so its rules come last.
    const links = [...files]
      .filter((file) => !inShell.has(file))
      .map((file) =>
        file.endsWith('.css')
          ? `\n    <link rel="stylesheet" crossorigin href="/${file}" />`
          : `\n    <link rel="modulepreload" crossorigin href="/${file}" />`,
      )
      .join('');
    preloadCache.set(key, links);
    return links;
  }

  return {
    shell,
    compose(page) {
      const { start, end } = frame(page);
      return `${start}${page.html}</div>${page.stateScript}${end}`;
    },
    frame,
  };

  function frame(page: Pick<RenderedPage, 'head' | 'locale' | 'modules'>) {
    // The page's language (its URL prefix) on the document: screen readers, search engines and axe read it.
    const start = page.locale === 'en' ? beforeHead : beforeHead.replace('<html lang="en"', `<html lang="${escapeHtml(page.locale)}"`);
    return { start: `${start}${page.head}${headRest}${preloads(page.modules)}\n  ${bodyStart}<div id="root">`, end: bodyEnd };
  }
}

function readManifest(distDir: string): Record<string, ManifestChunk> {
  const file = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(file)) return {};
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
