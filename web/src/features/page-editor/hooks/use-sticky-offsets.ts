import { type RefObject, useLayoutEffect } from 'react';

/**
 * Keeps the editor's tools in reach on a long page: writes the height of the app's sticky header and of the
 * editor's own tool bar as CSS variables on `sheet` (`--editor-header-height`, `--editor-tools-height`), which the
 * sticky tool bar and ByteMD's formatting bar below it use as their `top`. Both heights change with the width
 * (a wrapped header on a phone, a second row of tools), so they are observed rather than assumed.
 */
export function useStickyOffsets(sheet: RefObject<HTMLElement | null>, tools: RefObject<HTMLElement | null>, active: boolean): void {
  useLayoutEffect(() => {
    const root = sheet.current;
    if (!root || !active) return;
    const header = root.closest('[data-layout]')?.querySelector('header') ?? document.querySelector('header');
    const update = () => {
      root.style.setProperty('--editor-header-height', `${header?.getBoundingClientRect().height ?? 0}px`);
      root.style.setProperty('--editor-tools-height', `${tools.current?.getBoundingClientRect().height ?? 0}px`);
    };
    const observer = new ResizeObserver(update);
    if (header) observer.observe(header);
    if (tools.current) observer.observe(tools.current);
    update();
    return () => observer.disconnect();
  }, [sheet, tools, active]);
}
