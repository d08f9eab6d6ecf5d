import { template } from './template';

/** Reports and moderation (issue 28): reporting is for anyone signed in, the rest for employees except the affected person's answer. */
export const ModerationPaths = {
  report: '/api/reports',
  reports: '/api/moderation/reports',
  decide: template('/api/moderation/reports/:id/decision'),
  users: '/api/moderation/users',
  user: template('/api/moderation/users/:id'),
  /** Signed in: the decisions that concern the caller; POST answers one once (a complaint). */
  myDecisions: '/api/moderation/my-decisions',
  complain: template('/api/moderation/decisions/:id/complaint'),
} as const;
