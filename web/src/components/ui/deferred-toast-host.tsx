import { Suspense, lazy, useState } from 'react';
import { usePendingSuccesses } from '../../lib/toast';

const ToastHost = lazy(() => import('./toast-host').then((module) => ({ default: module.ToastHost })));

/**
 * The app's toaster, downloaded with the first success it has to show: most visits (a reader) never
 * show one, and Fluent's toast code is a tenth of the first screen's JavaScript.
 */
export function DeferredToastHost() {
  const pending = usePendingSuccesses();
  const [wanted, setWanted] = useState(false);
  if (!wanted && pending.length > 0) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  );
}
