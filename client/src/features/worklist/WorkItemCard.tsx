import { Badge, Box, Button, Flex, Heading, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { WorkItemFieldsFragment } from '../../gql/graphql';
import { ResendButton } from '../notification/ResendButton';
import { actionPath, doneLine } from './worklist';
import { WholeDates } from '../../shared/ui/WholeDates';

const PALETTE: Record<string, string> = {
  Hardship: 'teal',
  InArrears: 'red',
  FailedPayment: 'red',
  ReconciliationMismatch: 'orange',
  GoingShort: 'orange',
  Locked: 'purple',
  ApprovalWaiting: 'blue',
  MessageNotSent: 'yellow',
  RenewalDue: 'gray',
  DepositReview: 'purple',
};

interface WorkItemCardProps {
  item: WorkItemFieldsFragment;
  /** Staff who may act (not the read-only reporter): the buttons that change something. */
  mayAct: boolean;
  onContact: (item: WorkItemFieldsFragment, templateName: string | null) => void;
  onMarkDone: (item: WorkItemFieldsFragment) => void;
  onChanged: () => void;
}

/** One row of the worklist: what, whose, why in words, and the actions that fit it. */
export function WorkItemCard({ item, mayAct, onContact, onMarkDone, onChanged }: WorkItemCardProps) {
  const headingId = `work-${item.key.replace(/[^a-z0-9]/gi, '-')}`;
  return (
    <Box
      as="li"
      listStyleType="none"
      borderWidth="1px"
      borderRadius="md"
      p={{ base: '3', md: '4' }}
      bg={item.done ? 'gray.50' : 'bg'}
      aria-labelledby={headingId}
      data-work-key={item.key}
      data-kind={item.kind}
      minW="0"
    >
      <Flex gap="2" align="center" wrap="wrap" mb="1">
        <Badge colorPalette={PALETTE[item.kind] ?? 'gray'}>{item.kindLabel}</Badge>
        {item.memberName && (
          <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
            {item.memberName} ({item.memberNumber}) · agreement {item.agreementId}
          </Text>
        )}
      </Flex>
      <Heading as="h3" size="sm" id={headingId} overflowWrap="anywhere">
        <WholeDates>{item.title}</WholeDates>
      </Heading>
      <Text fontSize="sm" mt="1" overflowWrap="anywhere">
        <WholeDates>{item.detail}</WholeDates>
      </Text>
      {item.done && (
        <Text fontSize="sm" color="fg.success" mt="1" fontWeight="medium">
          <WholeDates>{doneLine(item.done)}</WholeDates>
        </Text>
      )}
      <Flex gap="2" mt="3" wrap="wrap">
        {item.actions.map((action) => {
          const path = actionPath(item, action.action);
          if (path) {
            if (action.action !== 'open' && !mayAct) return null;
            return (
              <Button key={action.action} asChild size="sm" variant="outline" minH="11">
                <RouterLink to={path}>
                  {action.label}
                  <Box as="span" srOnly>{`: ${item.title}`}</Box>
                </RouterLink>
              </Button>
            );
          }
          if (!mayAct) return null;
          if (action.action === 'contact') {
            return (
              <Button
                key="contact"
                size="sm"
                colorPalette="brand"
                minH="11"
                onClick={() => onContact(item, action.templateName)}
              >
                {action.label}
                <Box as="span" srOnly>{` about: ${item.title}`}</Box>
              </Button>
            );
          }
          if (action.action === 'resend' && action.notificationId !== null) {
            return <ResendButton key="resend" notificationId={action.notificationId} onResent={onChanged} />;
          }
          if (action.action === 'markDone' && !item.done) {
            return (
              <Button key="done" size="sm" variant="ghost" minH="11" onClick={() => onMarkDone(item)}>
                {action.label}
                <Box as="span" srOnly>{`: ${item.title}`}</Box>
              </Button>
            );
          }
          return null;
        })}
      </Flex>
      {item.kind === 'ApprovalWaiting' && !mayAct && (
        <Link asChild fontSize="sm" color="brand.fg">
          <RouterLink to="/approvals">Open the approvals queue</RouterLink>
        </Link>
      )}
    </Box>
  );
}
