import { Toast, ToastTitle, Toaster, useId, useToastController } from '@fluentui/react-components';
import { useEffect } from 'react';
import { takeSuccesses, usePendingSuccesses } from '../../lib/toast';

/** Long enough to read: 3 s, more for a longer sentence (an email sent, what to do next). */
const timeoutFor = (message: string) => Math.max(3000, message.length * 60);

/** Renders `lib/toast`'s successes in one toaster for the whole app, below the header so it covers none of its buttons. */
export function ToastHost() {
  const toasterId = useId('app-toaster');
  const { dispatchToast } = useToastController(toasterId);
  const pending = usePendingSuccesses();
  useEffect(() => {
    if (!pending.length) return;
    for (const toast of pending) {
      dispatchToast(
        <Toast data-testid="success-toast">
          <ToastTitle>{toast.message}</ToastTitle>
        </Toast>,
        { intent: 'success', timeout: timeoutFor(toast.message) },
      );
    }
    takeSuccesses(pending.map((toast) => toast.id));
  }, [dispatchToast, pending]);
  return <Toaster toasterId={toasterId} position="bottom-end" pauseOnHover pauseOnWindowBlur />;
}
