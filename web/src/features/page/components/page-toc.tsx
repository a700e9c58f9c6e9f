import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  root: { fontSize: tokens.fontSizeBase200, borderLeft: `2px solid ${tokens.colorNeutralStroke2}`, paddingLeft: tokens.spacingHorizontalS },
  title: { fontWeight: tokens.fontWeightSemibold, marginBottom: tokens.spacingVerticalXS, color: tokens.colorNeutralForeground2 },
  list: { listStyleType: 'none', margin: 0, padding: 0 },
  entry: {
    display: 'block',
    width: '100%',
    textAlign: 'left',
    background: 'none',
    border: 'none',
    padding: '2px 0',
    cursor: 'pointer',
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase200,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    ':hover': { color: tokens.colorBrandForeground1 },
  },
  active: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
  level3: { paddingLeft: tokens.spacingHorizontalM },
  level4: { paddingLeft: tokens.spacingHorizontalXXL },
});

interface Heading {
  level: number;
  text: string;
  element: HTMLElement;
}

/** Where the visible part of the page starts: under the app's sticky header, with a little air. */
function readingLine(): number {
  return (document.querySelector('header')?.getBoundingClientRect().bottom ?? 0) + 12;
}

/** The heading the reader is at: the last one whose top has reached the reading line (the first one before that). */
function currentHeading(headings: Heading[]): number {
  const line = readingLine() + 1;
  let current = 0;
  headings.forEach((heading, index) => {
    if (heading.element.getBoundingClientRect().top <= line) current = index;
  });
  return current;
}

/**
 * The table of contents of the rendered page, rebuilt whenever the Markdown re-renders. It marks the heading at the
 * top of the reading area (under the sticky header) and keeps that entry in view when the list is long.
 */
export function PageToc({ target }: { target: RefObject<HTMLDivElement | null> }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [headings, setHeadings] = useState<Heading[]>([]);
  const [active, setActive] = useState(0);
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const root = target.current;
    if (!root) return;
    const collect = () =>
      setHeadings(
        Array.from(root.querySelectorAll<HTMLElement>('h1, h2, h3, h4')).map((element) => ({
          level: Number(element.tagName.slice(1)),
          text: element.textContent ?? '',
          element,
        })),
      );
    collect();
    const observer = new MutationObserver(collect);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [target]);

  useEffect(() => {
    if (headings.length === 0) return;
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setActive(currentHeading(headings)));
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [headings]);

  // A long list scrolls inside its own box: bring the marked entry into that box, never moving the page.
  useEffect(() => {
    const entry = list.current?.children[active] as HTMLElement | undefined;
    const box = list.current?.closest('aside');
    if (!entry || !box) return;
    const entryBox = entry.getBoundingClientRect();
    const outer = box.getBoundingClientRect();
    if (entryBox.top < outer.top) box.scrollTop -= outer.top - entryBox.top;
    else if (entryBox.bottom > outer.bottom) box.scrollTop += entryBox.bottom - outer.bottom;
  }, [active]);

  const go = (index: number) => {
    const top = headings[index].element.getBoundingClientRect().top + window.scrollY - readingLine();
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: Math.max(0, top), behavior: reduced ? 'auto' : 'smooth' });
    setActive(index);
  };

  if (headings.length === 0) return null;
  const top = Math.min(...headings.map((h) => h.level));
  return (
    <nav className={styles.root} aria-label={t('Table of contents')} data-testid="page-toc">
      <div className={styles.title}>{t('Contents')}</div>
      <ul className={styles.list} ref={list}>
        {headings.map((heading, index) => (
          <li key={index}>
            <button
              type="button"
              className={mergeClasses(styles.entry, heading.level - top === 1 && styles.level3, heading.level - top >= 2 && styles.level4, index === active && styles.active)}
              aria-current={index === active ? 'location' : undefined}
              data-testid="toc-entry"
              onClick={() => go(index)}
            >
              {heading.text}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
