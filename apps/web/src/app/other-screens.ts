import type { ComponentType } from 'react';

/**
 * The screens outside the first load (every one but FIRST_LOAD_SCREENS: the account, profile,
 * management and dashboard screens, contact, about): their chunks, and the files each one preloads,
 * are named here rather than in the app's entry, whose table of them cost every visitor's first load
 * over 1 KB. The router loads this module with the first such screen (or when the browser is idle).
 * Each screen comes with the whole stylesheet (the first-load one holds the public pages' classes
 * only: vite-styles.ts).
 */
const screens = import.meta.glob<{ default: ComponentType }>([
  './routes/*.tsx',
  '!./routes/*.test.tsx',
  '!./routes/home.tsx',
  '!./routes/listing.tsx',
  '!./routes/vehicle-details.tsx',
  '!./routes/not-found.tsx',
]);

const loadAllStyles = () => import('../styles-all.css');

export async function loadScreen(name: string): Promise<ComponentType> {
  const load = screens[`./routes/${name}.tsx`];
  if (!load) throw new Error(`No screen routes/${name}.tsx outside the first load`);
  const [screen] = await Promise.all([load(), loadAllStyles()]);
  return screen.default;
}

/** The signed-in pages' layout (My Rentals, Wallet, Settings...). */
export async function loadProfileLayout(): Promise<ComponentType> {
  const [layout] = await Promise.all([import('./layouts/profile-layout'), loadAllStyles()]);
  return layout.ProfileLayout;
}
