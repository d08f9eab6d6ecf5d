import type { Plugin } from 'vite';

type Group = { name: string; test: (id: string) => boolean; priority: number };

/**
 * Fewer files on a public page's first load. Left to itself the bundler puts every module that the
 * entry and a screen share into a chunk of its own: the listing's first load was 17 files, eight of
 * them under 1 KB, and on a phone's connection each costs a round trip before the page can hydrate.
 * After the module graph is known, two sets are taken from it:
 * - `core`: everything the entry imports statically (Preact, the router, the query client, the
 *   layout): loaded on every page anyway, so one chunk beside the entry;
 * - `public`: what the public screens (home, listing, a vehicle) import statically beyond the core
 *   and share with another screen (cards, stars, skeletons, form fields, the page heading): one
 *   chunk of a few KB that each of those screens mostly needs.
 * Everything else (each screen's own code, and what only signed-in screens share) keeps the
 * bundler's own splitting.
 */
export function firstLoadChunks(publicScreens: string[]): { plugin: Plugin; groups: Group[] } {
  const core = new Set<string>();
  const shared = new Set<string>();
  const plugin: Plugin = {
    name: 'rentdrive-first-load-chunks',
    apply: 'build',
    buildEnd() {
      core.clear();
      shared.clear();
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
      const uses = new Map<string, number>();
      for (const screen of publicScreens) {
        const screenId = ids.find((id) => id.replace(/\\/g, '/').endsWith(screen));
        if (!screenId) throw new Error(`firstLoadChunks: no module ends with ${screen}`);
        for (const id of staticClosure(screenId, core)) if (id !== screenId) uses.set(id, (uses.get(id) ?? 0) + 1);
      }
      // A module one public screen imports joins them too when other screens import it as well:
      // the bundler would otherwise give it a chunk of its own (a page heading, a debounce hook).
      const publicScreenIds = new Set(uses.keys());
      const usedElsewhere = (id: string) =>
        (this.getModuleInfo(id)?.importers ?? []).some(
          (importer) =>
            !publicScreenIds.has(importer) && !core.has(importer) && !publicScreens.some((s) => importer.replace(/\\/g, '/').endsWith(s)),
        );
      for (const [id, count] of uses) if (count >= 2 || usedElsewhere(id)) shared.add(id);
    },
  };
  return {
    plugin,
    groups: [
      { name: 'index', test: (id) => core.has(id), priority: 2 },
      { name: 'public', test: (id) => shared.has(id), priority: 1 },
    ],
  };
}
