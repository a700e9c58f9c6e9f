import { useState } from 'react';

/**
 * What a dialog acts on, and whether it is open. The dialog stays mounted after closing (Fluent
 * restores the page's accessibility only when a dialog closes, not when it is removed while open).
 */
export function useDialogTarget<T>() {
  const [state, setState] = useState<{ target: T | null; open: boolean }>({ target: null, open: false });
  return {
    target: state.target,
    open: state.open,
    show: (target: T) => setState({ target, open: true }),
    close: () => setState((current) => ({ ...current, open: false })),
  };
}
