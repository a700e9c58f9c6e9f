import { Viewer } from '@bytemd/react';
import { makeStyles, tokens } from '@fluentui/react-components';
import 'katex/dist/katex.min.css';
import { forwardRef, memo } from 'react';
import { decodeEntities } from '../../lib/decode-entities';
import { markdownPlugins } from '../../lib/markdown-plugins';

const useStyles = makeStyles({
  body: {
    color: tokens.colorNeutralForeground1,
    fontSize: tokens.fontSizeBase400,
    lineHeight: 1.7,
    wordBreak: 'break-word',
    '& h1, & h2, & h3, & h4, & h5, & h6': { marginTop: '1.4em', marginBottom: '0.6em', lineHeight: 1.3, scrollMarginTop: '64px' },
    '& h1, & h2': { paddingBottom: '0.3em', borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
    '& a': { color: tokens.colorBrandForegroundLink },
    '& img': { maxWidth: '100%' },
    '& table': { borderCollapse: 'collapse', display: 'block', overflowX: 'auto', maxWidth: '100%', margin: '1em 0', wordBreak: 'normal' },
    '& th, & td': { border: `1px solid ${tokens.colorNeutralStroke1}`, padding: '6px 13px' },
    '& th': { backgroundColor: tokens.colorNeutralBackground3, fontWeight: tokens.fontWeightSemibold, whiteSpace: 'nowrap' },
    '& tr:nth-child(2n) td': { backgroundColor: tokens.colorNeutralBackground2 },
    '& code': {
      fontFamily: tokens.fontFamilyMonospace,
      fontSize: '0.9em',
      padding: '0.15em 0.35em',
      borderRadius: tokens.borderRadiusSmall,
      backgroundColor: tokens.colorNeutralBackground3,
    },
    '& pre': { overflowX: 'auto', padding: '12px 16px', borderRadius: tokens.borderRadiusMedium, backgroundColor: tokens.colorNeutralBackground3 },
    '& pre code': { padding: 0, backgroundColor: 'transparent' },
    '& blockquote': { margin: '1em 0', padding: '0 1em', color: tokens.colorNeutralForeground3, borderLeft: `4px solid ${tokens.colorNeutralStroke1}` },
    '& .hljs-keyword, & .hljs-selector-tag, & .hljs-built_in': { color: tokens.colorPaletteRedForeground2 },
    '& .hljs-string, & .hljs-attr': { color: tokens.colorPaletteGreenForeground2 },
    '& .hljs-number, & .hljs-literal': { color: tokens.colorPaletteBlueForeground2 },
    '& .hljs-comment': { color: tokens.colorNeutralForeground3, fontStyle: 'italic' },
    '& .hljs-title, & .hljs-function': { color: tokens.colorPalettePurpleForeground2 },
  },
});

/**
 * Renders page Markdown (the server sends it HTML-escaped) with the editor's plugins; ByteMD
 * sanitizes the HTML it produces. The ref is the element holding the rendered headings.
 */
export const MarkdownViewer = memo(
  forwardRef<HTMLDivElement, { content: string }>(function MarkdownViewer({ content }, ref) {
    const styles = useStyles();
    return (
      <div ref={ref} className={styles.body} data-testid="markdown-body">
        <Viewer value={decodeEntities(content)} plugins={markdownPlugins} />
      </div>
    );
  }),
);
