import { describe, expect, it } from 'vitest';
import {
  initialQueuedChange,
  queuedChangeReducer,
  stepState,
  summaryBehindStage,
  type QueuedChangeEvent,
} from './queued-change';

function run(...events: QueuedChangeEvent[]) {
  return events.reduce(queuedChangeReducer, initialQueuedChange);
}

describe('queuedChangeReducer', () => {
  it('shows nothing while no change is queued', () => {
    expect(run({ type: 'status', stage: 'NONE' })).toMatchObject({ open: false, applied: 0 });
  });

  it('opens the blocking dialog while a change is queued or applying', () => {
    expect(run({ type: 'status', stage: 'QUEUED' })).toMatchObject({ open: true, stage: 'QUEUED' });
    expect(run({ type: 'status', stage: 'QUEUED' }, { type: 'status', stage: 'APPLYING' })).toMatchObject({
      open: true,
      stage: 'APPLYING',
    });
  });

  it('cannot be closed while the change is in progress', () => {
    const state = run({ type: 'status', stage: 'APPLYING' }, { type: 'close' });
    expect(state.open).toBe(true);
  });

  it('reloads the overview once when the change is applied, keeping the dialog open on the outcome', () => {
    const state = run(
      { type: 'status', stage: 'NONE' },
      { type: 'status', stage: 'QUEUED' },
      { type: 'status', stage: 'APPLYING' },
      { type: 'status', stage: 'APPLIED' },
      { type: 'status', stage: 'APPLIED' },
    );
    expect(state).toMatchObject({ stage: 'APPLIED', open: true, applied: 1 });
    expect(queuedChangeReducer(state, { type: 'close' }).open).toBe(false);
  });

  it('shows a failure with its message and reloads nothing', () => {
    const state = run({ type: 'status', stage: 'QUEUED' }, { type: 'status', stage: 'FAILED', message: 'No funds' });
    expect(state).toMatchObject({ open: true, stage: 'FAILED', message: 'No funds', applied: 0 });
  });

  it('takes nothing waiting after a queued or applying change as applied (its APPLIED event was missed)', () => {
    expect(run({ type: 'status', stage: 'QUEUED' }, { type: 'status', stage: 'NONE' })).toMatchObject({
      stage: 'APPLIED',
      open: true,
      applied: 1,
    });
    expect(run({ type: 'status', stage: 'APPLYING' }, { type: 'status', stage: 'NONE' })).toMatchObject({
      stage: 'APPLIED',
      applied: 1,
    });
    const applied = run({ type: 'status', stage: 'APPLYING' }, { type: 'status', stage: 'APPLIED' });
    expect(queuedChangeReducer(applied, { type: 'status', stage: 'NONE' })).toMatchObject({
      stage: 'NONE',
      open: false,
      applied: 1,
    });
  });

  it('does not open for an outcome it did not see coming', () => {
    expect(run({ type: 'status', stage: 'APPLIED' })).toMatchObject({ open: false, applied: 1 });
    expect(run({ type: 'status', stage: 'FAILED' }).open).toBe(false);
  });
});

describe('summaryBehindStage', () => {
  it.each([
    ['Queued', 'NONE', true],
    ['InProgress', 'NONE', true],
    ['Queued', 'APPLIED', true],
    ['InProgress', 'FAILED', true],
    ['Queued', 'QUEUED', false],
    ['InProgress', 'APPLYING', false],
    ['Queued', null, false],
    ['Active', 'NONE', false],
    ['PendingApproval', 'APPLIED', false],
    [null, 'NONE', false],
  ] as const)('a summary in status %s with the stage %s is out of date: %s', (status, stage, behind) => {
    expect(summaryBehindStage(status, stage)).toBe(behind);
  });
});

describe('stepState', () => {
  it.each([
    ['QUEUED', ['current', 'todo', 'todo']],
    ['APPLYING', ['done', 'current', 'todo']],
    ['APPLIED', ['done', 'done', 'done']],
    ['FAILED', ['done', 'done', 'failed']],
    ['NONE', ['todo', 'todo', 'todo']],
  ] as const)('at %s the steps read %j', (stage, states) => {
    expect([stepState('QUEUED', stage), stepState('APPLYING', stage), stepState('APPLIED', stage)]).toEqual(states);
  });
});
