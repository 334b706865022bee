import { EVENTS_ONLY } from '../../shared/subscription-events';
import type { AgreementStatusName } from '@shared/agreement-status.js';
import { useEffect, useReducer, useRef } from 'react';
import type { QueuedChangeStage } from '../../gql/graphql';
import { useQueuedChangeStatusUpdatesSubscription } from '../../gql/hooks';
import { initialQueuedChange, queuedChangeReducer, summaryBehindStage } from './queued-change';

/** How long the outcome "Applied" stays on screen before the dialog closes itself. */
const APPLIED_CLOSE_MS = 1500;

interface ShownSummary {
  /** The status of the agreement the screen shows (its summary), when loaded. */
  status: AgreementStatusName | null | undefined;
  /** Fetches the screen's data again (a failed change: nothing was applied, the summary is just old). */
  refresh: () => void;
  /** Each stage as it is heard, before the screen reacts to it. */
  heard?: (stage: QueuedChangeStage) => void;
}

/**
 * Subscribes to the account's queued-change status while the overview is open; `onApplied` runs once per
 * applied change (the overview refetches itself, no reload). When the screen shows a version still waiting (2, 3)
 * but the pushed stage says nothing waits (it was applied or failed before the subscription's first answer), the
 * screen is brought up to date once: `onApplied` when it was applied, `shown.refresh` when it failed.
 */
export function useQueuedChange(accountId: number, onApplied: () => void, shown?: ShownSummary) {
  const [state, dispatch] = useReducer(queuedChangeReducer, initialQueuedChange);
  const heardRef = useRef(shown?.heard);
  useEffect(() => {
    heardRef.current = shown?.heard;
  }, [shown?.heard]);
  useQueuedChangeStatusUpdatesSubscription({
    ...EVENTS_ONLY,
    variables: { accountId },
    onData: ({ data }) => {
      const status = data.data?.queuedChangeStatus;
      if (!status) return;
      heardRef.current?.(status.stage);
      dispatch({ type: 'status', stage: status.stage, message: status.message });
    },
  });
  const appliedSeen = useRef(0);
  const onAppliedRef = useRef(onApplied);
  useEffect(() => {
    onAppliedRef.current = onApplied;
  }, [onApplied]);
  useEffect(() => {
    if (state.applied > appliedSeen.current) {
      appliedSeen.current = state.applied;
      onAppliedRef.current();
    }
  }, [state.applied]);
  const shownStatus = shown?.status;
  const refreshRef = useRef(shown?.refresh);
  useEffect(() => {
    refreshRef.current = shown?.refresh;
  }, [shown?.refresh]);
  const caughtUp = useRef<string | null>(null);
  useEffect(() => {
    if (!summaryBehindStage(shownStatus, state.stage)) {
      caughtUp.current = null;
      return;
    }
    const key = `${shownStatus}:${state.stage}`;
    if (caughtUp.current === key) return; // once per out-of-date pair: a refetch that answers the same stops here
    caughtUp.current = key;
    if (state.stage === 'FAILED') refreshRef.current?.();
    else if (state.stage === 'NONE') onAppliedRef.current();
    // APPLIED: the applied counter above has already refetched.
  }, [shownStatus, state.stage]);
  useEffect(() => {
    if (state.stage !== 'APPLIED' || !state.open) return undefined;
    const timer = setTimeout(() => dispatch({ type: 'close' }), APPLIED_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [state.stage, state.open]);
  return { state, close: () => dispatch({ type: 'close' }) };
}
