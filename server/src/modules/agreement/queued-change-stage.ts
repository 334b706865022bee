import { registerEnumType } from 'type-graphql';

/** Where an account's queued agreement change is: the overview shows a banner while one is on its way. */
export enum QueuedChangeStage {
  /** No change waiting or being applied. */
  NONE = 'NONE',
  /** An approved change (an agreement version in status 2) waits for the applier. */
  QUEUED = 'QUEUED',
  /** The applier is applying it (status 3). */
  APPLYING = 'APPLYING',
  /** It became the active agreement. */
  APPLIED = 'APPLIED',
  /** Applying it failed; `message` says why. */
  FAILED = 'FAILED',
}

registerEnumType(QueuedChangeStage, {
  name: 'QueuedChangeStage',
  description: 'The stage of an account’s queued agreement change.',
});
