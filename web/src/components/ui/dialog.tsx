// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the one place that wraps Fluent's Dialog
import { Dialog as FluentDialog, type DialogProps } from '@fluentui/react-components';
import { useReturnFocus } from '../../lib/use-return-focus';

/**
 * Fluent's Dialog that gives the focus back to its opener when it closes (Escape, a button, or going away while
 * open). The app's dialogs are opened from state rather than by a DialogTrigger, the only opener Fluent returns to.
 */
export function Dialog(props: DialogProps) {
  useReturnFocus(Boolean(props.open));
  return <FluentDialog {...props} />;
}
