import { template } from './template';

/**
 * A vehicle's JSON, and its details page for a browser (the two share the path): on its own, since
 * every page's first load names it (the web's routes), and a file is what a bundle splits by: the
 * owner's paths beside it would come along.
 */
export const VehicleDetailPath = template('/api/vehicle/:id');
