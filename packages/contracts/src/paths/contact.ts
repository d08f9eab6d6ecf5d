export const ContactPaths = {
  send: '/api/contact',
} as const;
