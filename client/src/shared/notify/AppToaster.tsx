import { Suspense, lazy, useEffect, useState } from 'react';
import { toaster } from './notify';

const ToasterView = lazy(() => import('./ToasterView'));

/**
 * The toasts, loaded with the first one: the toaster's machinery is a lazy chunk, off the first load of every page
 * (issue 13 item 7). Toasts made before it arrives are shown when it mounts (it starts from the store's toasts).
 */
export function AppToaster() {
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (needed) return undefined;
    if (toaster.getVisibleToasts().length > 0) setNeeded(true);
    return toaster.subscribe(() => setNeeded(true));
  }, [needed]);
  return needed ? (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  ) : null;
}
