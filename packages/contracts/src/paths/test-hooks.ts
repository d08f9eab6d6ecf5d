import { template } from './template';

/** Hooks the end-to-end suite uses to move time along; registered only with E2E_TEST_HOOKS. */
export const TestHookPaths = {
  shiftRentalPastEnd: template('/api/test/rentals/:id/shift-past-end'),
  autoCompleteRentals: '/api/test/rentals/auto-complete',
} as const;
