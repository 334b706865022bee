import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { StepProps } from './step-registry';
import { stepBy } from './wizard-frame';

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
