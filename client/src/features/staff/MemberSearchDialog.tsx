import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { useState } from 'react';
import { MemberSearch } from './MemberSearch';

interface MemberSearchDialogProps {
  /** The trigger's look on the navy header. */
  triggerProps?: Record<string, unknown>;
}

/** The header's search results modal for staff (spec 1 §2): lists members and opens a member's overview. */
export function MemberSearchDialog({ triggerProps }: MemberSearchDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => setOpen(details.open)}
      size={{ base: 'full', md: 'lg' }}
      scrollBehavior="inside"
    >
      <Dialog.Trigger asChild>
        <Button size="sm" {...triggerProps}>
          <span aria-hidden="true">⌕</span> Find a member
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Find a member</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">
              <MemberSearch onOpen={() => setOpen(false)} />
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close the member search" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
