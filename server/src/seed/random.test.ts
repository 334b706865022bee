import { describe, expect, it } from 'vitest';
import { createRandom } from './random.js';

describe('createRandom', () => {
  it('gives the same sequence for the same seed, and another for another seed', () => {
    const draw = (seed: string) => {
      const random = createRandom(seed);
      return Array.from({ length: 5 }, () => random.int(1, 1000));
    };
    expect(draw('member:200001:2026-11-21')).toEqual(draw('member:200001:2026-11-21'));
    expect(draw('member:200001:2026-11-21')).not.toEqual(draw('member:200002:2026-11-21'));
  });

  it('stays within its bounds', () => {
    const random = createRandom(42);
    for (let i = 0; i < 1000; i++) {
      const n = random.int(3, 7);
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(7);
    }
  });
});
