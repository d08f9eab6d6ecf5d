import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { flushEffectsBeforeRender } from '../lib/flush-effects-before-render';

// As in the browser (main.tsx): effects still pending run before Preact renders again.
flushEffectsBeforeRender();

// Packages are transformed by Vite here (for the alias), so a chunk a screen loads on first use (the
// phone filters dialog) can take more than Testing Library's default second on a busy machine.
configure({ asyncUtilTimeout: 5_000 });

// Vitest runs without globals, so Testing Library can't register its own cleanup.
afterEach(() => cleanup());
