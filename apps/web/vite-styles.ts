import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The first-load stylesheet holds the classes of the public pages only. Tailwind writes one rule per
 * class it finds in the files it scans; scanning every file put the account, profile, management and
 * dashboard screens' classes into every visitor's first load (a third of the stylesheet).
 *
 * `src/styles.css` (the entry's stylesheet) is compiled with Tailwind scanning only the modules a
 * public page can run: everything the entry (`main.tsx`) and the public screens import, statically
 * or on demand (their dialogs, regions and menus), except the other screens the router loads. Its
 * `@import 'tailwindcss'` becomes `source(none)` plus one `@source` per such file.
 *
 * `src/styles-all.css` imports the same stylesheet unrestricted: every class of the app, in the same
 * order. The router loads it with every other screen (router.tsx), and the server links it on the
 * pages of those screens it renders. Loaded after the first one, it holds every rule of it too, so
 * the cascade is that of the whole stylesheet whatever the first one left out.
 */
export function firstLoadStyles(options: {
  /** The web app's folder (Vite's root). */
  root: string;
  /** The stylesheet to restrict, relative to root. */
  stylesheet: string;
  /** Where the walk starts: the entry and the public screens, relative to root. */
  starts: string[];
  /** Modules whose on-demand imports are other screens (the router): their static imports only. */
  staticOnly: string[];
}): Plugin {
  const stylesheet = path.join(options.root, options.stylesheet);
  const staticOnly = new Set(options.staticOnly.map((file) => path.join(options.root, file)));
  return {
    name: 'rentdrive-first-load-styles',
    enforce: 'pre',
    transform: {
      filter: { id: new RegExp(`${escapeRegExp(stylesheet)}$`) },
      handler(code) {
        if (!code.includes("@import 'tailwindcss';")) throw new Error(`${options.stylesheet} no longer says @import 'tailwindcss';`);
        const files = firstLoadModules(
          options.starts.map((file) => path.join(options.root, file)),
          staticOnly,
        );
        for (const file of files) this.addWatchFile(file);
        const sources = [...files]
          .sort()
          .map((file) => `@source '${path.relative(path.dirname(stylesheet), file).split(path.sep).join('/')}';`)
          .join('\n');
        return { code: code.replace("@import 'tailwindcss';", `@import 'tailwindcss' source(none);\n${sources}`), map: null };
      },
    },
  };
}

const IMPORT = /\b(?:from\s*|import\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;
const DYNAMIC = /\bimport\s*\(\s*['"]/;

/**
 * The app's own modules (relative imports) reachable from `starts`: static imports and `import()`s,
 * except the `import()`s of `staticOnly` modules. Read from the sources (a regular expression over
 * the import statements), before the bundler has a module graph: the stylesheet is compiled early.
 */
export function firstLoadModules(starts: string[], staticOnly: Set<string>): Set<string> {
  const seen = new Set<string>();
  const stack = [...starts];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = fs.readFileSync(file, 'utf8');
    for (const match of source.matchAll(IMPORT)) {
      if (staticOnly.has(file) && DYNAMIC.test(match[0])) continue;
      const resolved = resolveModule(path.dirname(file), match[1]!);
      if (resolved) stack.push(resolved);
    }
  }
  return seen;
}

function resolveModule(dir: string, specifier: string): string | undefined {
  const base = path.resolve(dir, specifier.replace(/\?.*$/, ''));
  return ['', '.tsx', '.ts', '/index.tsx', '/index.ts']
    .map((suffix) => base + suffix)
    .find((candidate) => /\.(?:tsx?|jsx?)$/.test(candidate) && fs.existsSync(candidate) && fs.statSync(candidate).isFile());
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
