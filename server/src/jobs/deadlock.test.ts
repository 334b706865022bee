import { describe, expect, it } from 'vitest';
import { retryOnDeadlock } from './deadlock.js';

const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });

describe('retryOnDeadlock', () => {
  it('runs the work again after a deadlock and answers its result', async () => {
    let calls = 0;
    const result = await retryOnDeadlock(async () => {
      calls += 1;
      if (calls < 3) throw deadlock();
      return 'created';
    });
    expect({ result, calls }).toEqual({ result: 'created', calls: 3 });
  });

  it('gives up after the last attempt with the deadlock itself', async () => {
    let calls = 0;
    const failing = retryOnDeadlock(async () => {
      calls += 1;
      throw deadlock();
    }, 2);
    await expect(failing).rejects.toMatchObject({ code: '40P01' });
    expect(calls).toBe(2);
  });

  it('does not retry any other error', async () => {
    let calls = 0;
    const failing = retryOnDeadlock(async () => {
      calls += 1;
      throw Object.assign(new Error('duplicate key'), { code: '23505' });
    });
    await expect(failing).rejects.toThrow('duplicate key');
    expect(calls).toBe(1);
  });
});
