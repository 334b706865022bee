import { Portal, Toast, Toaster } from '@chakra-ui/react';
import { toaster } from './notify';

/**
 * Darker shades than the theme's solid ones, with the description at full strength: white text on them passes axe's
 * contrast check (green.600 and orange.600 with white, and the description at 80 % opacity, did not; issue 8 item 8).
 */
const TOAST_COLOURS = {
  '&[data-type=success]': { bg: 'green.800', color: 'white' },
  '&[data-type=warning]': { bg: 'orange.800', color: 'white' },
  '&[data-type=error]': { bg: 'red.700', color: 'white' },
};

/** Renders the toasts; tapping a toast dismisses it (error toasts have no timeout). A lazy chunk: see AppToaster. */
export default function ToasterView() {
  return (
    <Portal>
      <Toaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root
            width={{ md: 'sm' }}
            cursor="pointer"
            css={TOAST_COLOURS}
            onClick={() => toaster.dismiss(toast.id)}
          >
            <Toast.Indicator />
            <div>
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description opacity="1">{toast.description}</Toast.Description>}
            </div>
            {toast.closable && <Toast.CloseTrigger aria-label="Dismiss notification" />}
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  );
}
