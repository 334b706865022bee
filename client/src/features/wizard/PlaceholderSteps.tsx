import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { StepProps } from './step-registry';
import { continuePosition, stepBy, WizardMode } from './wizard-frame';

/**
 * Step 0 until the billers list lands (issue 9 item 3): says that it is coming, and offers what the frame already
 * does: add a biller (step 1, mode new) and the list's continue button with the spec's wording.
 */
export function BillersListPlaceholder({ session, readOnly, go }: StepProps) {
  return (
    <Stack gap="4" data-testid="wizard-step-list">
      <Text color="fg.muted">
        The billers list is coming: the billers and sub-categories of this agreement will be listed here, to add, edit,
        remove and reinstate them. Nothing is shown yet.
      </Text>
      <HStack gap="3" wrap="wrap">
        <Button
          variant="outline"
          disabled={readOnly}
          onClick={() => go({ step: 1, mode: WizardMode.New, threeStepFlow: false })}
        >
          Add a biller
        </Button>
        <Button colorPalette="brand" disabled={readOnly} onClick={() => go(continuePosition(session))}>
          {session.continueLabel}
        </Button>
      </HStack>
    </Stack>
  );
}

/** A step whose screen comes later: it says so, and the wizard can move back and on through it. */
export function ComingStep({ session, title, readOnly, go }: StepProps) {
  return (
    <Stack gap="4" data-testid={`wizard-step-${session.step}`}>
      <Text color="fg.muted">The {title.toLowerCase()} step is coming. Nothing is entered here yet.</Text>
      <HStack gap="3" wrap="wrap">
        <Button variant="outline" disabled={readOnly || session.step === 0} onClick={() => go(stepBy(session, -1))}>
          Back
        </Button>
        <Button
          colorPalette="brand"
          disabled={readOnly || session.step >= session.lastStep}
          onClick={() => go(stepBy(session, 1))}
        >
          Next
        </Button>
      </HStack>
    </Stack>
  );
}
