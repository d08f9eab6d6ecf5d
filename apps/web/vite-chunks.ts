import type { Plugin } from 'vite';

type Group = { name: string; test: (id: string) => boolean; priority: number };

/**
 * Modules the entry reaches only through a library's index (`@tanstack/react-query` re-exports every
 * hook) and never calls: in `index` they would sit in every first load because some later screen
 * uses them (the bell's and the audit log's infinite lists, the forms' mutations, the streamed regions'
 * suspense queries). Left out of the
 * group, the bundler puts them with those screens. Should the entry start using one, the bundler
 * gives it a file of its own, which the first-load check counts.
 */
const UNUSED_BY_THE_ENTRY =
  /[\\/]@tanstack[\\/](?:react-query|query-core)[\\/].*[\\/](?:useMutation|mutationObserver|useInfiniteQuery|infiniteQueryObserver|useSuspenseQuery)\.js$/;

/**
 * Few files on a public page's first load, and nothing in them the page does not use. Left to
 * itself the bundler puts every module that the entry and a screen share into a chunk of its own:
 * the listing's first load was 17 files, eight of them under 1 KB, and on a phone's connection each
 * costs a round trip before the page can hydrate. After the module graph is known, three sets are
 * taken from it:
 * - `index` (core): everything the entry imports statically (React, the router, the query client,
 *   the layout): loaded on every page anyway, so one chunk with the entry;
 * - `public`: what the home screen (the first of `publicScreens`, the lightest and most visited)
 *   imports statically beyond the core and shares with another screen (form fields, the listing's
 *   URL parameters, the reference data): home loads it whole and uses all of it;
 * - `shared`: what the other public screens (listing, a vehicle) import statically and share with
 *   each other (stars, skeletons, money);
 * - `<screen>-parts`: what one of them alone imports statically and shares with a screen or region
 *   loaded later (the listing's cards, which home's recent listings and the saved vehicles show
 *   too): the vehicle page does not load the cards' code.
 * Everything else (each screen's own code, the regions a screen loads after hydration, and what only
 * signed-in screens share) keeps the bundler's own splitting.
 */
export function firstLoadChunks(publicScreens: string[]): { plugin: Plugin; groups: Group[] } {
  const core = new Set<string>();
  const homeShared = new Set<string>();
  const otherShared = new Set<string>();
  const onlyShared = publicScreens.slice(1).map(() => new Set<string>());
  const plugin: Plugin = {
    name: 'rentdrive-first-load-chunks',
    apply: 'build',
    buildEnd() {
      core.clear();
      homeShared.clear();
      otherShared.clear();
      for (const set of onlyShared) set.clear();
      const staticClosure = (start: string, stop: Set<string>): Set<string> => {
        const seen = new Set<string>();
        const stack = [start];
        while (stack.length) {
          const id = stack.pop()!;
          if (seen.has(id) || stop.has(id)) continue;
          seen.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const ids = [...this.getModuleIds()];
      const entry = ids.find((id) => this.getModuleInfo(id)?.isEntry);
      if (!entry) return; // the server renderer's build: nothing to plan
      for (const id of staticClosure(entry, new Set())) if (id !== entry) core.add(id);
      const screenIds = publicScreens.map((screen) => {
        const screenId = ids.find((id) => id.replace(/\\/g, '/').endsWith(screen));
        if (!screenId) throw new Error(`firstLoadChunks: no module ends with ${screen}`);
        return screenId;
      });
      const closures = screenIds.map((screenId) => new Set([...staticClosure(screenId, core)].filter((id) => id !== screenId)));
      const publicModules = new Set(closures.flatMap((closure) => [...closure]));
      const screenSet = new Set(screenIds);
      // Imported by a module outside the public screens' code: a signed-in screen or a region loaded later.
      const usedElsewhere = (id: string) =>
        (this.getModuleInfo(id)?.importers ?? []).some(
          (importer) => !publicModules.has(importer) && !core.has(importer) && !screenSet.has(importer),
        );
      const [home, ...others] = closures;
      for (const id of publicModules) {
        const users = closures.filter((closure) => closure.has(id)).length;
        if (users < 2 && !usedElsewhere(id)) continue; // one screen's own code stays in its chunk
        if (home?.has(id)) homeShared.add(id);
        else if (users > 1) otherShared.add(id);
        else {
          // One public screen's, also used by a region or a screen loaded later (the cards: the
          // listing's and home's recent listings): with that screen, not in what the others load.
          const screen = others.findIndex((closure) => closure.has(id));
          onlyShared[screen]?.add(id);
        }
      }
    },
  };
  return {
    plugin,
    groups: [
      { name: 'index', test: (id) => core.has(id) && !UNUSED_BY_THE_ENTRY.test(id), priority: 3 },
      { name: 'public', test: (id) => homeShared.has(id), priority: 2 },
      { name: 'shared', test: (id) => otherShared.has(id), priority: 1 },
      // The API's paths, one small file per area (packages/contracts/src/paths.ts): those the first
      // load needs are in the groups above; the rest in one chunk rather than one per area, each a
      // request and a name in the entry's preload table.
      { name: 'paths', test: (id) => /[\\/]contracts[\\/]src[\\/]paths[\\/]/.test(id), priority: 0 },
      ...onlyShared.map((set, i) => ({
        name: `${screenName(publicScreens[i + 1]!)}-parts`,
        test: (id: string) => set.has(id),
        priority: 1,
      })),
    ],
  };
}

/** 'src/app/routes/listing.tsx' -> 'listing'. */
function screenName(file: string): string {
  return file.replace(/^.*\//, '').replace(/\.tsx?$/, '');
}
