import { Caption1, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { forwardRef, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownViewer } from '../../../components/ui/markdown-viewer';
import { decodeEntities } from '../../../lib/decode-entities';

const useStyles = makeStyles({
  root: { minWidth: 0 },
  title: { margin: `0 0 ${tokens.spacingVerticalXS}`, wordBreak: 'break-word' },
  meta: { color: tokens.colorNeutralForeground3, display: 'block', marginBottom: tokens.spacingVerticalL },
});

export interface ArticlePage {
  page_title: string;
  page_content: string;
  author_username?: string;
  addtime?: string | number;
}

/** Links to other sites open in a new tab, without handing this page to them (`rel`). */
function openExternalLinksApart(root: HTMLElement): void {
  for (const link of root.querySelectorAll<HTMLAnchorElement>('a[href]')) {
    const external = /^https?:$/.test(link.protocol) && link.origin !== window.location.origin;
    if (!external || link.target === '_blank') continue;
    link.target = '_blank';
    link.rel = 'noopener noreferrer';
  }
}

/** Keeps `openExternalLinksApart` applied to what the renderer draws (it draws late, and again on a theme change). */
function useExternalLinksApart() {
  const box = useRef<HTMLElement>(null);
  useEffect(() => {
    const root = box.current;
    if (!root) return;
    openExternalLinksApart(root);
    const observer = new MutationObserver(() => openExternalLinksApart(root));
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return box;
}

/** A page: decoded title, author and time, rendered Markdown (whose element the ref points to). */
export const PageArticle = forwardRef<HTMLDivElement, { page: ArticlePage }>(function PageArticle({ page }, ref) {
  const { t } = useTranslation();
  const styles = useStyles();
  const links = useExternalLinksApart();
  return (
    <article className={styles.root} ref={links}>
      <Title2 as="h2" className={styles.title} data-testid="page-title">
        {decodeEntities(page.page_title)}
      </Title2>
      {page.author_username && <Caption1 className={styles.meta}>{t('Updated by {{author}} at {{time}}', { author: page.author_username, time: String(page.addtime ?? '') })}</Caption1>}
      <MarkdownViewer ref={ref} content={page.page_content} />
    </article>
  );
});
