export const ReviewPaths = {
  add: '/api/vehiclereview/add',
} as const;
