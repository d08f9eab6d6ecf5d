/** Search engines' entry points. */
export const SeoPaths = {
  robots: '/robots.txt',
  sitemap: '/sitemap.xml',
} as const;

/** Liveness, readiness and the OpenAPI browser. */
export const SystemPaths = {
  health: '/api/health',
  ready: '/api/ready',
  docs: '/api/docs',
} as const;
