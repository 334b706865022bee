import type { AgreementStatusName } from '@shared/agreement-status.js';
import { Button, HStack, Link, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { canContactMember } from './contact-member';
import { ContactMemberDialog } from './ContactMemberDialog';

/** The overview's staff actions: contact the member (statuses 1, 4, 7, 8) and the Messages page. */
export function StaffContactActions({ accountId, status }: { accountId: number; status: AgreementStatusName | null }) {
  const [open, setOpen] = useState(false);
  const allowed = canContactMember(status);
  return (
    <HStack gap="4" flexWrap="wrap">
      <Button variant="outline" disabled={!allowed} onClick={() => setOpen(true)}>
        Contact member
      </Button>
      {!allowed && (
        <Text fontSize="sm" color="fg.muted">
          A notification can be sent only while the agreement is approved, in missed deposit, active or locked.
        </Text>
      )}
      <Link asChild color="brand.fg" fontSize="sm">
        <RouterLink to="/messages">Messages and delivery status</RouterLink>
      </Link>
      {open && (
        <ContactMemberDialog
          accountId={accountId}
          onClose={() => setOpen(false)}
          // Queued: nothing on the page changed yet; its activity, once sent, is announced (activityAdded).
          onSent={() => setOpen(false)}
        />
      )}
    </HStack>
  );
}
