import { expect, it } from 'vitest';
import { signInFlood, startSignInServer } from '../../bench/lib/signInFlood';

/**
 * 200 wrong sign-ins at once from 40 addresses (X-Forwarded-For through a trusted proxy) against a real
 * server process: the hashing threads take what they can, the rest get a Spanish 429 at once, and a
 * signed-in person's health check and airport catalog keep answering quickly meanwhile.
 */
it('answers a sign-in flood with 429s while health and the catalog keep a low p95', {
  timeout: 300_000,
}, async () => {
  const server = await startSignInServer(process.env.TEST_DATABASE_URL ?? '');
  try {
    const figures = await signInFlood(server.port, 200, 40);
    console.log(`avalancha de inicios de sesión: ${JSON.stringify(figures)}`);
    // Only wrong passwords (401) and refusals (429, with their code): never a 5xx.
    const byStatus = (status: string) =>
      Object.entries(figures.statuses)
        .filter(([key]) => key.split(' ')[0] === status)
        .reduce((sum, [, n]) => sum + n, 0);
    expect(byStatus('401') + byStatus('429')).toBe(200);
    expect(byStatus('429')).toBeGreaterThan(100);
    // Before the hashing pool: a median of 21 s for compressed answers during such a flood.
    expect(figures.during.health.p95).toBeLessThan(2_000);
    expect(figures.during.catalog.p95).toBeLessThan(2_000);
  } finally {
    await server.stop();
  }
});
