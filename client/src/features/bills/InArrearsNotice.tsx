import { Button, Dialog, Portal } from '@chakra-ui/react';
import { StatusAlert } from '../../shared/ui/StatusAlert';

interface InArrearsNoticeProps {
  message: string | null;
  onClose: () => void;
}

/** The in-arrears notification modal (spec 1 §2 "Modals"). */
export function InArrearsNotice({ message, onClose }: InArrearsNoticeProps) {
  return (
    <Dialog.Root open={message !== null} onOpenChange={(event) => !event.open && onClose()} role="alertdialog">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>Agreement in Missed Deposit</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <StatusAlert status="warning">{message}</StatusAlert>
            </Dialog.Body>
            <Dialog.Footer>
              <Button onClick={onClose}>OK</Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
