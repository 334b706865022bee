import { Alert } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface StatusAlertProps {
  status: 'info' | 'warning' | 'success' | 'error';
  title?: string;
  children: ReactNode;
}

/** An inline message; errors and warnings are announced to screen readers as they appear. */
export function StatusAlert({ status, title, children }: StatusAlertProps) {
  const urgent = status === 'error' || status === 'warning';
  return (
    <Alert.Root status={status} role={urgent ? 'alert' : 'status'}>
      <Alert.Indicator />
      <Alert.Content>
        {title && <Alert.Title>{title}</Alert.Title>}
        <Alert.Description>{children}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
