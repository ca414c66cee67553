/**
 * A small seeded random number generator (mulberry32): the soak prints its seed, and the same seed draws the same
 * numbers, so a run's choices can be replayed.
 */
export function createRng(seed) {
  let state = seed >>> 0;
  const float = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    float,
    /** A whole number from min to max, both included. */
    int: (min, max) => min + Math.floor(float() * (max - min + 1)),
    pick: (items) => items[Math.floor(float() * items.length)],
  };
}
