import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A chunk a screen loads on first use (the phone filters dialog) is transformed by Vite on the way,
// which can take more than Testing Library's default second on a busy machine.
configure({ asyncUtilTimeout: 5_000 });

// Vitest runs without globals, so Testing Library can't register its own cleanup.
afterEach(() => cleanup());
