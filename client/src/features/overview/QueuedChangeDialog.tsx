import { Box, Button, Dialog, HStack, List, Portal, Spinner, Text, VisuallyHidden } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { CHANGE_STEPS, STAGE_TEXT, isInProgress, stepState, type QueuedChangeState } from './queued-change';

const DIALOG_HEADINGS = {
  IN_PROGRESS: {
    title: 'Agreement change in progress',
    intro: 'A change to this agreement is being processed. The overview is unavailable until it has been applied.',
  },
  APPLIED: {
    title: 'Agreement change applied',
    intro: 'The change has been applied. The overview now shows the updated agreement.',
  },
  FAILED: { title: 'Agreement change failed', intro: 'The change could not be applied; the agreement is unchanged.' },
} as const;

const STEP_LABELS = { QUEUED: 'Queued', APPLYING: 'Applying', APPLIED: 'Applied' } as const;
const STEP_MARKS = { done: '✓', current: '', todo: '○', failed: '✕' } as const;

interface QueuedChangeDialogProps {
  state: QueuedChangeState;
  memberId: number;
  onClose: () => void;
}

/**
 * The static modal of spec 1 §4: while a change is queued or applying it blocks the overview (no backdrop or
 * Escape dismissal); its only way out is back to the dashboard (the member's select-account page).
 */
export function QueuedChangeDialog({ state, memberId, onClose }: QueuedChangeDialogProps) {
  const navigate = useNavigate();
  const inProgress = isInProgress(state.stage);
  const backToDashboard = () => navigate(`/selectaccount/${memberId}`);
  const outcome = state.stage === 'FAILED' ? (state.message ?? STAGE_TEXT.FAILED) : null;
  const heading = DIALOG_HEADINGS[state.stage === 'APPLIED' || state.stage === 'FAILED' ? state.stage : 'IN_PROGRESS'];

  return (
    <Dialog.Root
      open={state.open}
      onOpenChange={(details) => (details.open ? undefined : onClose())}
      closeOnInteractOutside={false}
      closeOnEscape={!inProgress}
      role="alertdialog"
      placement="center"
      size={{ base: 'xs', sm: 'md' }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="queued-change-dialog" data-stage={state.stage ?? undefined}>
            <Dialog.Header>
              <Dialog.Title>{heading.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text mb="4">{heading.intro}</Text>
              <List.Root as="ol" listStyleType="none" gap="2" aria-label="Progress of the change">
                {CHANGE_STEPS.map((step) => {
                  const where = stepState(step, state.stage);
                  const label = where === 'failed' ? 'Failed' : STEP_LABELS[step];
                  return (
                    <List.Item key={step} data-step={step} data-state={where}>
                      <HStack gap="3" color={where === 'todo' ? 'fg.muted' : undefined}>
                        <Box
                          w="5"
                          textAlign="center"
                          aria-hidden="true"
                          color={where === 'failed' ? 'fg.error' : 'brand.fg'}
                        >
                          {where === 'current' ? <Spinner size="xs" /> : STEP_MARKS[where]}
                        </Box>
                        <Text fontWeight={where === 'current' ? 'semibold' : undefined}>
                          {label}
                          <VisuallyHidden>
                            {where === 'done' ? ' (done)' : where === 'current' ? ' (in progress)' : ''}
                          </VisuallyHidden>
                        </Text>
                      </HStack>
                    </List.Item>
                  );
                })}
              </List.Root>
              <Text role="status" aria-live="polite" mt="4" fontWeight="medium" data-testid="queued-change-stage">
                {state.stage ? STAGE_TEXT[state.stage] : ''}
              </Text>
              {outcome && (
                <Text role="alert" mt="2" color="fg.error">
                  {outcome}
                </Text>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              {!inProgress && (
                <Button variant="outline" onClick={onClose}>
                  Close
                </Button>
              )}
              <Button colorPalette="brand" onClick={backToDashboard}>
                Back to dashboard
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
