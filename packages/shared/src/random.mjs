// Deterministic randomness for the seed and the benchmarks, so every run makes and asks for the
// same things. Plain JavaScript so the benchmarks' .mjs scripts load it before any TypeScript
// loader; typed by random.d.mts.

/** Small, fast, seedable PRNG (mulberry32): numbers in [0, 1). */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
