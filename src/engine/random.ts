/**
 * A seeded pseudo-random sequence in [0, 1) (mulberry32): the same seed always gives the same numbers. The engine's
 * shuffle (zones.ts) uses it so a scenario runs the same every time; the property tests use it so a failure
 * reproduces. Pure and tiny; nothing else in the project generates random numbers.
 */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
