import { describe, expect, it } from 'vitest';
import { clockTime, localSync, syncFrom } from './clockMath';

describe('clock arithmetic', () => {
  it('follows local time when no source answered', () => {
    const sync = localSync(1_000);
    expect(clockTime(sync, 4_000).getTime()).toBe(4_000);
  });

  it('re-bases on the source time and keeps ticking from there', () => {
    const sync = syncFrom(new Date('2025-12-23T10:00:00Z'), 50_000)!;
    expect(clockTime(sync, 53_000).toISOString()).toBe('2025-12-23T10:00:03.000Z');
  });

  it('runs a simulated clock at its rate between syncs', () => {
    const sync = syncFrom({ now: new Date('2025-12-23T10:00:00Z'), rate: 120 }, 0)!;
    // One real second at 120x is two simulated minutes.
    expect(clockTime(sync, 1_000).toISOString()).toBe('2025-12-23T10:02:00.000Z');
  });

  it('ignores an unusable answer', () => {
    expect(syncFrom(new Date('nonsense'), 0)).toBeNull();
  });
});
