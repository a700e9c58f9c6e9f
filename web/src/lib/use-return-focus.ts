import { useLayoutEffect, useState } from 'react';

/**
 * The element a dialog opening now was opened from: the focused element, or, for an item of a menu (which goes
 * away as the dialog opens), the button of that menu (Fluent names a menu by its trigger).
 */
function currentOpener(): HTMLElement | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const menuTrigger = active.closest('[role="menu"]')?.getAttribute('aria-labelledby');
  return (menuTrigger && document.getElementById(menuTrigger)) || active;
}

/** How long a closing dialog may keep the focus (its exit animation) before the opener is given up on. */
const CLOSING_MS = 1500;

/**
 * Focuses `opener` once the closing dialog has let the focus go: a dialog leaving with its animation keeps its focus
 * trap until it is gone (focus moved out earlier is pulled back in). While the focus is in a dialog, it waits a frame;
 * lost to <body>, it goes to the opener; anywhere else, the closing action put it there on purpose (an insertion
 * focuses the editor) and it stays.
 */
function returnFocusTo(opener: HTMLElement): void {
  const deadline = performance.now() + CLOSING_MS;
  const attempt = () => {
    if (!opener.isConnected) return;
    const active = document.activeElement;
    if (!active || active === document.body) opener.focus();
    else if (active.closest('[role="dialog"], [role="alertdialog"]') && performance.now() < deadline) requestAnimationFrame(attempt);
  };
  attempt();
}

/**
 * Gives the focus back to the element that had it when a dialog (or drawer) opened, once it closes or goes away,
 * as a dialog opened by Fluent's DialogTrigger does: the app opens its dialogs from state, and without this,
 * Escape leaves the focus on <body> (WCAG 2.4.3). Nothing is moved when the closing action has put the focus
 * somewhere else on purpose, or when the opener is gone.
 */
export function useReturnFocus(open: boolean): void {
  // Noted while rendering the opening: by the time effects run, an autofocused field of the dialog has the focus.
  const [shown, setShown] = useState<{ open: boolean; opener: HTMLElement | null }>(() => ({ open, opener: open ? currentOpener() : null }));
  if (shown.open !== open) setShown({ open, opener: open ? currentOpener() : shown.opener });
  const { opener } = shown;
  useLayoutEffect(() => {
    if (!open || !opener) return;
    return () => returnFocusTo(opener);
  }, [open, opener]);
}
