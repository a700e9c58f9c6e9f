import { type FocusEvent, type PointerEvent, type ReactElement, Suspense, cloneElement, lazy, useCallback, useEffect, useId, useRef, useState } from 'react';

const TooltipBubble = lazy(() => import('./tooltip-bubble').then((module) => ({ default: module.TooltipBubble })));

/** As Fluent's tooltips: shown a moment after the pointer arrives, hidden a moment after it leaves. */
const SHOW_DELAY_MS = 250;
const HIDE_DELAY_MS = 250;

/** The tooltip on screen (by its state's setter) and how to hide it: one showing hides it, and shows at once (as Fluent's do). */
let shown: { owner: unknown; hide: () => void } | undefined;

/** What the tooltip adds to its trigger, beside the trigger's own handlers. */
interface TriggerProps {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  'aria-describedby'?: string;
}

interface TooltipProps {
  content: string;
  /** `label`: the text is the trigger's name (an icon button); `description`: it adds to the name. */
  relationship: 'label' | 'description';
  children: ReactElement;
}

/**
 * A tooltip in Fluent's look. Its trigger is drawn and named at once and never drawn anew; the bubble and its
 * positioning engine (floating-ui, about 14 KB gzip that no first screen needs) download when one first shows
 * (components/ui/tooltip-bubble.tsx). Shown on hover and on keyboard focus, hidden on leave, blur and Escape.
 */
export function Tooltip({ content, relationship, children }: TooltipProps) {
  const id = useId();
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const timer = useRef<number | undefined>(undefined);

  const hide = useCallback(() => {
    window.clearTimeout(timer.current);
    setTarget(null);
    if (shown?.owner === setTarget) shown = undefined;
  }, []);
  const show = (element: HTMLElement) => {
    window.clearTimeout(timer.current);
    const reveal = () => {
      if (shown && shown.owner !== setTarget) shown.hide();
      shown = { owner: setTarget, hide };
      setTarget(element);
    };
    if (shown) reveal();
    else timer.current = window.setTimeout(reveal, SHOW_DELAY_MS);
  };
  const leave = () => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(hide, HIDE_DELAY_MS);
  };
  const stay = () => window.clearTimeout(timer.current);

  useEffect(() => {
    if (!target) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [target, hide]);
  useEffect(() => hide, [hide]);

  const own = children.props as TriggerProps;
  const trigger = cloneElement(children, {
    ...(relationship === 'label' ? { 'aria-label': content } : { 'aria-describedby': [own['aria-describedby'], id].filter(Boolean).join(' ') }),
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      own.onPointerEnter?.(event);
      if (event.pointerType !== 'touch') show(event.currentTarget);
    },
    onPointerLeave: (event: PointerEvent<HTMLElement>) => {
      own.onPointerLeave?.(event);
      leave();
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      own.onFocus?.(event);
      if (event.currentTarget.matches(':focus-visible')) show(event.currentTarget);
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      own.onBlur?.(event);
      hide();
    },
  } as TriggerProps);
  return (
    <>
      {trigger}
      {relationship === 'description' && (
        <span id={id} hidden>
          {content}
        </span>
      )}
      {target && (
        <Suspense fallback={null}>
          <TooltipBubble target={target} content={content} onPointerEnter={stay} onPointerLeave={leave} />
        </Suspense>
      )}
    </>
  );
}
