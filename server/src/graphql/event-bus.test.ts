import { describe, expect, it } from 'vitest';
import { decodeEvent, encodeEvent, EventTooLargeError, memoryEventBus } from './event-bus.js';

describe('event bus', () => {
  it('refuses an event too large for a NOTIFY payload (send ids, not documents)', () => {
    expect(() => encodeEvent('t', { text: 'x'.repeat(8000) })).toThrow(EventTooLargeError);
    expect(() => memoryEventBus().publish('t', { text: 'é'.repeat(4000) })).toThrow(EventTooLargeError);
    expect(encodeEvent('t', { id: 1 })).toBe('{"topic":"t","payload":{"id":1}}');
  });

  it('reads back what it wrote and ignores anything else', () => {
    expect(decodeEvent(encodeEvent('a:1', { id: 7 }))).toEqual({ topic: 'a:1', payload: { id: 7 } });
    expect(decodeEvent('not json')).toBeNull();
    expect(decodeEvent('{"payload":1}')).toBeNull();
  });

  it('delivers in memory as JSON, to the topic’s subscribers only', async () => {
    const bus = memoryEventBus();
    const iterator = bus.subscribe('a')[Symbol.asyncIterator]();
    const next = iterator.next();
    bus.publish('b', { id: 1 });
    bus.publish('a', { id: 2, when: new Date(0) });
    expect(await next).toEqual({ value: { id: 2, when: '1970-01-01T00:00:00.000Z' }, done: false });
    await iterator.return?.();
  });
});
