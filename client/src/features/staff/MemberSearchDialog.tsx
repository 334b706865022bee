import { Box, Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { useState } from 'react';
import { MemberSearch } from './MemberSearch';

function SearchIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 24 24" fill="none">
      <circle cx="10.5" cy="10.5" r="6.5" stroke="currentColor" strokeWidth="2.2" />
      <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

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
        <Button size="sm" aria-label="Find a member" {...triggerProps}>
          <SearchIcon />
          <Box as="span" hideBelow="sm">
            Find a member
          </Box>
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
