// The helpers every paths file shares (packages/contracts/src/paths.ts says why the paths are split).
/** The `:name` segments of a route pattern, in order. */
export type ParamNames<Pattern extends string> = Pattern extends `${string}:${infer Name}/${infer Rest}`
  ? [Name, ...ParamNames<`/${Rest}`>]
  : Pattern extends `${string}:${infer Name}`
    ? [Name]
    : [];

type Values<Names extends string[]> = { [K in keyof Names]: string | number };

/** A path with parameters: call it for a URL; `pattern` is the route the server registers. */
export type PathTemplate<Pattern extends string> = ((...values: Values<ParamNames<Pattern>>) => string) & {
  readonly pattern: Pattern;
};

/** Every JSON endpoint's path starts with this (the vehicle details page too: it shares its endpoint's path). */
export const API_PREFIX = '/api/';

/** Marked free of side effects, so a bundler drops a paths object no screen uses. */
/* @__NO_SIDE_EFFECTS__ */
export function template<const Pattern extends string>(pattern: Pattern): PathTemplate<Pattern> {
  const build = (...values: (string | number)[]) => {
    let next = 0;
    return pattern.replace(/:[A-Za-z]+/g, () => encodeURIComponent(String(values[next++])));
  };
  return Object.assign(build, { pattern });
}
