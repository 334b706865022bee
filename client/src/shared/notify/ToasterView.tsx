import { Portal, Toast, Toaster } from '@chakra-ui/react';
import { toaster } from './notify';

/** Renders the toasts; tapping a toast dismisses it (error toasts have no timeout). A lazy chunk: see AppToaster. */
export default function ToasterView() {
  return (
    <Portal>
      <Toaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} cursor="pointer" onClick={() => toaster.dismiss(toast.id)}>
            <Toast.Indicator />
            <div>
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </div>
            {toast.closable && <Toast.CloseTrigger aria-label="Dismiss notification" />}
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  );
}
