import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { type RefObject, useEffect, useState } from 'react';
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
  level3: { paddingLeft: tokens.spacingHorizontalM },
  level4: { paddingLeft: tokens.spacingHorizontalXXL },
});

interface Heading {
  level: number;
  text: string;
  element: HTMLElement;
}

/** The table of contents of the rendered page, rebuilt whenever the Markdown re-renders. */
export function PageToc({ target }: { target: RefObject<HTMLDivElement | null> }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [headings, setHeadings] = useState<Heading[]>([]);

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

  if (headings.length === 0) return null;
  const top = Math.min(...headings.map((h) => h.level));
  return (
    <nav className={styles.root} aria-label={t('Table of contents')} data-testid="page-toc">
      <div className={styles.title}>{t('Contents')}</div>
      <ul className={styles.list}>
        {headings.map((heading, index) => (
          <li key={index}>
            <button
              type="button"
              className={mergeClasses(styles.entry, heading.level - top === 1 && styles.level3, heading.level - top >= 2 && styles.level4)}
              onClick={() => heading.element.scrollIntoView({ behavior: 'smooth', block: 'start' })}
            >
              {heading.text}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
