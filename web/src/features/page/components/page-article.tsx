import { Caption1, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { forwardRef } from 'react';
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

/** A page: decoded title, author and time, rendered Markdown (whose element the ref points to). */
export const PageArticle = forwardRef<HTMLDivElement, { page: ArticlePage }>(function PageArticle({ page }, ref) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <article className={styles.root}>
      <Title2 as="h2" className={styles.title} data-testid="page-title">
        {decodeEntities(page.page_title)}
      </Title2>
      {page.author_username && <Caption1 className={styles.meta}>{t('Updated by {{author}} at {{time}}', { author: page.author_username, time: String(page.addtime ?? '') })}</Caption1>}
      <MarkdownViewer ref={ref} content={page.page_content} />
    </article>
  );
});
