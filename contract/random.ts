/**
 * Small seeded PRNG (mulberry32): the same seed gives the same sequence on every machine and Node
 * version, so demo data, synthetic demand, stand-in map traffic, property tests and benches are
 * reproducible. Here because both the server and the browser's stand-in traffic use it.
 */
export type Random = () => number;

export function mulberry32(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
