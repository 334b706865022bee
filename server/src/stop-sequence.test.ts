import { describe, expect, it } from 'vitest';
import { StopSequence, STOP_ORDER } from './stop-sequence.js';

describe('StopSequence', () => {
  it('closes in STOP_ORDER whatever the order things were opened in, only what was opened', async () => {
    const closed: string[] = [];
    const stops = new StopSequence();
    for (const step of ['pool', 'events', 'sessions', 'http', 'jobs'] as const)
      stops.add(step, () => closed.push(step));
    expect(await stops.run()).toEqual([]);
    expect(closed).toEqual(['http', 'jobs', 'sessions', 'pool', 'events']);
    expect(STOP_ORDER.slice(0, 2)).toEqual(['http', 'jobs']); // nothing new comes in before work stops
    expect(STOP_ORDER.at(-1)).toBe('events');
  });

  it('runs the later steps when one fails, and answers the failure', async () => {
    const closed: string[] = [];
    const stops = new StopSequence();
    const error = new Error('jobs would not stop');
    stops.add('jobs', () => Promise.reject(error));
    stops.add('pool', () => closed.push('pool'));
    stops.add('events', () => closed.push('events'));
    expect(await stops.run()).toEqual([{ step: 'jobs', error }]);
    expect(closed).toEqual(['pool', 'events']);
  });

  it('runs once: a second stop answers the first one', async () => {
    let runs = 0;
    const stops = new StopSequence();
    stops.add('pool', () => new Promise((resolve) => setTimeout(() => resolve(runs++), 5)));
    const [first, second] = await Promise.all([stops.run(), stops.run()]);
    expect(first).toBe(second);
    expect(runs).toBe(1);
  });

  it('says which step is under way', async () => {
    const stops = new StopSequence();
    let during: string | null = null;
    stops.add('jobs', () => (during = stops.current));
    expect(stops.current).toBeNull();
    await stops.run();
    expect(during).toBe('jobs');
    expect(stops.current).toBeNull();
  });

  it('refuses a second closer for one step', () => {
    const stops = new StopSequence();
    stops.add('pool', () => undefined);
    expect(() => stops.add('pool', () => undefined)).toThrow('registered twice');
  });
});
