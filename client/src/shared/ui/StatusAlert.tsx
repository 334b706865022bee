import { Alert } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { withWholeDates } from './WholeDates';

interface StatusAlertProps {
  status: 'info' | 'warning' | 'success' | 'error';
  title?: string;
  children: ReactNode;
}

/**
 * An inline message; errors and warnings are announced to screen readers as they appear. A title or message given as
 * text (often the server's sentence) keeps its dates on one line.
 */
export function StatusAlert({ status, title, children }: StatusAlertProps) {
  const urgent = status === 'error' || status === 'warning';
  return (
    <Alert.Root status={status} role={urgent ? 'alert' : 'status'}>
      <Alert.Indicator />
      <Alert.Content>
        {title && <Alert.Title>{withWholeDates(title)}</Alert.Title>}
        <Alert.Description>{withWholeDates(children)}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
