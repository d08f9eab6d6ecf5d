/** The catalogue's unit names read as everywhere else (one formatter, lib/unit-label.ts). */
export { unitLabel } from '../../../lib/unit-label';
