import type { ComponentType } from 'react';
import type { WizardSessionFieldsFragment } from '../../gql/graphql';
import { ActivationStep } from './activate/ActivationStep';
import { CapacityStep } from './capacity/CapacityStep';
import { BillerFormStep } from './biller-form/BillerFormStep';
import { BillersListStep } from './billers-list/BillersListStep';
import { ComingStep } from './PlaceholderSteps';
import { CategoryStep } from './pickers/CategoryStep';
import { CompanyStep } from './pickers/CompanyStep';
import { STEP_TITLES, WizardMode, type Position } from './wizard-frame';
import { ConfirmStep } from './confirm/ConfirmStep';
import { PreferencesStep } from './preferences/PreferencesStep';
import { DepositsStepTabs } from './deposits/DepositsStepTabs';

/** What every step body receives from the frame. */
export interface StepProps {
  session: WizardSessionFieldsFragment;
  title: string;
  /** The read-only lock (or a save under way): nothing may be changed. */
  readOnly: boolean;
  /** Saves a new position on the server (every saved step) and shows its step. */
  go: (position: Position) => void;
}

export interface WizardStep {
  title: string;
  Body: ComponentType<StepProps>;
}

/**
 * The steps of each wizard, by step number (spec 3 §2). A step's body plugs in here: the billers list (step 0),
 * the pickers and the details form (1-3, issue 9), deposits, capacity, preferences and confirmation (part 2).
 * Steps not built yet show `ComingStep`, which says so and only moves on.
 */
const BODIES: Readonly<Record<WizardSessionFieldsFragment['kind'], readonly ComponentType<StepProps>[]>> = {
  Create: [
    BillersListStep,
    CategoryStep,
    CompanyStep,
    BillerFormStep,
    DepositsStepTabs,
    CapacityStep,
    PreferencesStep,
    ConfirmStep,
    ActivationStep,
  ],
  Modify: [
    BillersListStep,
    CategoryStep,
    CompanyStep,
    BillerFormStep,
    DepositsStepTabs,
    PreferencesStep,
    ConfirmStep,
    ActivationStep,
  ],
};

/** Step 1 shows the list item's remove screen (mode 3) or reinstate step (mode 4) instead of the categories. */
const ITEM_SCREEN_TITLES: Readonly<Record<number, string>> = {
  [WizardMode.Remove]: 'Remove from the agreement',
  [WizardMode.Enable]: 'Reinstate in the agreement',
};

export function stepOf(kind: WizardSessionFieldsFragment['kind'], step: number, mode?: number | null): WizardStep {
  const itemScreen = step === 1 && mode !== null && mode !== undefined ? ITEM_SCREEN_TITLES[mode] : undefined;
  return {
    title: itemScreen ?? STEP_TITLES[kind][step] ?? STEP_TITLES[kind][0],
    Body: BODIES[kind][step] ?? ComingStep,
  };
}
