/**
 * A part that must have started before the instance takes traffic, e.g. the search index's first
 * load. Modules offer one; buildApp hands them to /api/ready, so neither side knows the other.
 */
export interface ReadinessCheck {
  name: string;
  isReady(): boolean;
}
