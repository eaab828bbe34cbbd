import type { SecurityConfig } from '../../server/plugins/securityConfig';

/** A server reachable from other machines: sign-in required, nothing else configured, no rate limits in the way. */
export const REQUIRED: SecurityConfig = {
  auth: 'requerido',
  admin: null,
  corsOrigins: [],
  writeRateLimit: 10_000,
  loginRateLimit: 10_000,
  sessionHours: 1,
  idleMinutes: 60,
  allowedHosts: null,
  trustProxy: false,
  cookieSecure: 'auto',
};
