/**
 * Password recovery and address verification by e-mail (issue 25). forgot-password and
 * reset-password are public; resend-verification and email-status need a session.
 */
export const AccountRecoveryPaths = {
  forgotPassword: '/api/account/forgot-password',
  resetPassword: '/api/account/reset-password',
  verifyEmail: '/api/account/verify-email',
  resendVerification: '/api/account/resend-verification',
  emailStatus: '/api/account/email-status',
} as const;
