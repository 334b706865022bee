import { Portal, Toast, Toaster } from '@chakra-ui/react';
import { withWholeDates } from '../ui/WholeDates';
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

/**
 * On a phone the toasts sit at the top, just below the header, and stack downwards: at the bottom they covered the
 * low action buttons a person had just tapped (Confirm payment, the wizard's Save and continue) and the page's last
 * buttons; at the very top, Log out and the Menu. The toaster has one placement (bottom-end, right for a desktop), so
 * its inline position is overridden below the md breakpoint.
 */
const PHONE_GROUP = { mdDown: { top: '4.5rem !important', bottom: 'auto !important' } };
const PHONE_TOAST = {
  mdDown: { top: '0 !important', bottom: 'auto !important', '--lift': '1 !important', '--sign': '-1 !important' },
};

/** Renders the toasts; tapping a toast dismisses it (error toasts have no timeout). A lazy chunk: see AppToaster. */
export default function ToasterView() {
  return (
    <Portal>
      <Toaster toaster={toaster} insetInline={{ mdDown: '4' }} css={PHONE_GROUP}>
        {(toast) => (
          <Toast.Root
            width={{ md: 'sm' }}
            cursor="pointer"
            css={{ ...TOAST_COLOURS, ...PHONE_TOAST }}
            onClick={() => toaster.dismiss(toast.id)}
          >
            <Toast.Indicator />
            <div>
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && (
                // Often the server's sentence: its dates are kept on one line.
                <Toast.Description opacity="1">{withWholeDates(toast.description)}</Toast.Description>
              )}
            </div>
            {toast.closable && <Toast.CloseTrigger aria-label="Dismiss notification" />}
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  );
}
