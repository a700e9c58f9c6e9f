import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';

/** What the arrow keys move between: the toolbar's enabled buttons and links. */
const ITEMS = 'button:not([disabled]), a[href]';

const items = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>(ITEMS)];

/** The move each key makes from the item at `at` of `count` items (no wrapping, as Fluent's toolbar). */
const MOVES: Record<string, (at: number, count: number) => number> = {
  ArrowRight: (at, count) => Math.min(at + 1, count - 1),
  ArrowLeft: (at) => Math.max(at - 1, 0),
  Home: () => 0,
  End: (_, count) => count - 1,
};

interface ToolbarProps {
  label: string;
  className?: string;
  'data-testid'?: string;
  children: ReactNode;
}

/**
 * A row of actions as WAI-ARIA's toolbar pattern has it: one stop of the Tab key (the item last used,
 * the first at start), the arrow keys, Home and End move between its items. It keeps that true as its
 * items change (an item shown or hidden, a tooltip's chunk arriving and drawing its trigger anew).
 */
export function Toolbar({ label, className, 'data-testid': testId, children }: ToolbarProps) {
  const root = useRef<HTMLDivElement>(null);
  const current = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const settle = () => {
      const list = items(element);
      const stop = list.find((item) => item === current.current) ?? list[0];
      for (const item of list) item.tabIndex = item === stop ? 0 : -1;
    };
    settle();
    const watch = new MutationObserver(settle);
    watch.observe(element, { childList: true, subtree: true, attributeFilter: ['disabled', 'href'] });
    return () => watch.disconnect();
  }, []);

  const onFocus = (event: { target: EventTarget }) => {
    const element = root.current;
    if (!element || !(event.target instanceof HTMLElement) || !items(element).includes(event.target)) return;
    current.current = event.target;
    for (const item of items(element)) item.tabIndex = item === event.target ? 0 : -1;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = MOVES[event.key];
    const element = root.current;
    if (!move || !element || event.altKey || event.ctrlKey || event.metaKey) return;
    const list = items(element);
    const at = list.indexOf(document.activeElement as HTMLElement);
    if (at < 0) return;
    event.preventDefault();
    list[move(at, list.length)]?.focus();
  };

  return (
    <div ref={root} role="toolbar" aria-label={label} className={className} data-testid={testId} onFocus={onFocus} onKeyDown={onKeyDown}>
      {children}
    </div>
  );
}
