import type { Plugin } from 'vite';

/**
 * React Router's production build, trimmed of code that the app's data router can never run, so the
 * bundler can leave it out of the entry (about 1.9 KB gzip of every page's first load):
 *
 * - Its components are defined by top-level calls without a pure annotation (`var Form =
 *   React.forwardRef(...)`), each followed by a `displayName` assignment (a name for developer
 *   tools): the bundler had to keep every one, and what it uses (Form's submission code, useSubmit,
 *   useFormAction...), though the app imports none of them. Marked pure, without the names, the
 *   unused ones go; the used ones are unchanged.
 * - `<Link prefetch>` renders `<link rel="prefetch">` tags only in framework mode (a FrameworkContext
 *   from React Router's own server build and route manifest), which this app does not use: without
 *   that context `usePrefetchBehavior` returns no prefetch, no handlers and a plain ref, and
 *   `PrefetchPageLinks` never renders. Both become exactly that, and the framework's prefetch and
 *   single-fetch code goes.
 *
 * A replacement that finds nothing fails the build: a new React Router release is checked again.
 */
export function trimReactRouter(): Plugin {
  return {
    name: 'rentdrive-trim-react-router',
    apply: 'build',
    transform: {
      filter: { id: /react-router[\\/]dist[\\/]production[\\/]chunk-[\w-]+\.mjs$/ },
      handler(code, id) {
        if (!code.includes('function usePrefetchBehavior(')) {
          // The other chunk (server-side helpers): only the annotations.
          return annotate(code) === code ? null : { code: annotate(code), map: null };
        }
        let trimmed = annotate(code);
        trimmed = replaceFunction(
          trimmed,
          'usePrefetchBehavior',
          'function usePrefetchBehavior() {\n  return [false, React8.useRef(null), {}];\n}',
          id,
        );
        trimmed = replaceFunction(trimmed, 'PrefetchPageLinks', 'function PrefetchPageLinks() {\n  return null;\n}', id);
        return { code: trimmed, map: null };
      },
    },
  };
}

function annotate(code: string): string {
  return (
    code
      .replace(/= (React\d*\.(?:forwardRef|memo|createContext)\()/g, '= /* @__PURE__ */ $1')
      // `Form.displayName = "Form";` at the top level.
      .replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, '')
  );
}

/** Replaces the top-level `function name(...) {...}` (its body ends at the next line that is `}`). */
function replaceFunction(code: string, name: string, replacement: string, id: string): string {
  const start = code.indexOf(`\nfunction ${name}(`);
  const end = start < 0 ? -1 : code.indexOf('\n}\n', start);
  if (start < 0 || end < 0) throw new Error(`trimReactRouter: no function ${name} in ${id}`);
  const original = code.slice(start + 1, end + 2);
  // Keep the line count, so the source map of the rest stays right.
  const padding = '\n'.repeat(Math.max(0, original.split('\n').length - replacement.split('\n').length));
  return `${code.slice(0, start + 1)}${replacement}${padding}${code.slice(end + 2)}`;
}
