import { Spinner } from '@fluentui/react-components';
import { Suspense, forwardRef, lazy, memo } from 'react';
import { useTranslation } from 'react-i18next';
import { decodeEntities } from '../../lib/decode-entities';
import { useThemeName } from '../../lib/theme';
import { loadMarkdownRender, loadedMarkdownRender } from './load-markdown-render';
import { useMarkdownBodyStyles } from './markdown-body-styles';

const MarkdownRender = lazy(loadMarkdownRender);

/**
 * Renders page Markdown (the server sends it HTML-escaped) with the editor preview's plugins and
 * stylesheet. The ref is the element holding the rendered headings. A theme change draws the
 * page again (Mermaid diagrams take the theme's colours when drawn).
 */
export const MarkdownViewer = memo(
  forwardRef<HTMLDivElement, { content: string }>(function MarkdownViewer({ content }, ref) {
    const { t } = useTranslation();
    const styles = useMarkdownBodyStyles();
    const theme = useThemeName();
    const Loaded = loadedMarkdownRender()?.default;
    return (
      <div ref={ref} className={styles.root} data-testid="markdown-body">
        {Loaded ? (
          <Loaded key={theme} value={decodeEntities(content)} theme={theme} />
        ) : (
          <Suspense fallback={<Spinner size="small" aria-label={t('Loading…')} />}>
            <MarkdownRender key={theme} value={decodeEntities(content)} theme={theme} />
          </Suspense>
        )}
      </div>
    );
  }),
);
