import { makeStyles, tokens } from '@fluentui/react-components';

/**
 * The one stylesheet of rendered Markdown: the reader, shared pages and the editor's preview put
 * this class on an element holding ByteMD's `.markdown-body`. Colours are theme tokens, so tables,
 * code, quotes and links read the same in light and dark.
 */
export const useMarkdownBodyStyles = makeStyles({
  root: {
    '& .markdown-body': {
      color: tokens.colorNeutralForeground1,
      fontSize: tokens.fontSizeBase400,
      lineHeight: 1.7,
      wordBreak: 'break-word',
    },
    '& .markdown-body > :first-child': { marginTop: 0 },
    '& .markdown-body h1, & .markdown-body h2, & .markdown-body h3, & .markdown-body h4, & .markdown-body h5, & .markdown-body h6': {
      marginTop: '1.4em',
      marginBottom: '0.6em',
      lineHeight: 1.3,
      scrollMarginTop: '64px',
    },
    '& .markdown-body h1, & .markdown-body h2': { paddingBottom: '0.3em', borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
    '& .markdown-body a': { color: tokens.colorBrandForegroundLink, textDecorationLine: 'underline', textUnderlineOffset: '2px' },
    '& .markdown-body a:hover': { color: tokens.colorBrandForegroundLinkHover },
    '& .markdown-body img': { maxWidth: '100%' },
    '& .markdown-body hr': { height: '1px', margin: '1.5em 0', border: 'none', backgroundColor: tokens.colorNeutralStroke2 },
    // A table scrolls as a whole in the frame the scroll-regions plugin puts around it (a region the keyboard reaches):
    // its columns keep a readable width on a phone instead of being squeezed into the page's.
    '& .markdown-body .markdown-table-scroll': { overflowX: 'auto', maxWidth: '100%', margin: '1em 0' },
    '& .markdown-body table': { borderCollapse: 'collapse', margin: '1em 0', wordBreak: 'normal' },
    '& .markdown-body .markdown-table-scroll > table': { margin: 0 },
    '& .markdown-body th, & .markdown-body td': { border: `1px solid ${tokens.colorNeutralStroke1}`, padding: '6px 13px', minWidth: '8em' },
    '& .markdown-body .markdown-table-scroll:focus-visible, & .markdown-body pre:focus-visible': {
      outline: `2px solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: '2px',
    },
    '& .markdown-body th': { backgroundColor: tokens.colorNeutralBackground3, fontWeight: tokens.fontWeightSemibold, whiteSpace: 'nowrap' },
    '& .markdown-body tr:nth-child(2n) td': { backgroundColor: tokens.colorNeutralBackground2 },
    '& .markdown-body code': {
      fontFamily: tokens.fontFamilyMonospace,
      fontSize: '0.9em',
      padding: '0.15em 0.35em',
      borderRadius: tokens.borderRadiusSmall,
      backgroundColor: tokens.colorNeutralBackground3,
    },
    '& .markdown-body pre': {
      overflowX: 'auto',
      padding: '12px 16px',
      borderRadius: tokens.borderRadiusMedium,
      backgroundColor: tokens.colorNeutralBackground3,
      lineHeight: 1.5,
    },
    '& .markdown-body pre code': { padding: 0, backgroundColor: 'transparent' },
    '& .markdown-body blockquote': {
      margin: '1em 0',
      padding: '0 1em',
      color: tokens.colorNeutralForeground3,
      borderLeft: `4px solid ${tokens.colorNeutralStroke1}`,
    },
    '& .markdown-body ul, & .markdown-body ol': { paddingLeft: '2em' },
    '& .markdown-body .contains-task-list': { listStyleType: 'none', paddingLeft: '0.5em' },
    // Drawn here rather than by the browser, which fades a read-only (disabled) checkbox until it is hard to see.
    '& .markdown-body .task-list-item input': {
      appearance: 'none',
      position: 'relative',
      width: '1em',
      height: '1em',
      margin: '0 0.5em 0 0',
      verticalAlign: '-0.125em',
      border: `1px solid ${tokens.colorNeutralStrokeAccessible}`,
      borderRadius: tokens.borderRadiusSmall,
      backgroundColor: tokens.colorNeutralBackground1,
    },
    '& .markdown-body .task-list-item input:checked': { border: `1px solid ${tokens.colorBrandBackground}`, backgroundColor: tokens.colorBrandBackground },
    '& .markdown-body .task-list-item input:checked::after': {
      content: '""',
      position: 'absolute',
      left: '0.3em',
      top: '0.1em',
      width: '0.25em',
      height: '0.5em',
      borderRight: `0.13em solid ${tokens.colorNeutralForegroundOnBrand}`,
      borderBottom: `0.13em solid ${tokens.colorNeutralForegroundOnBrand}`,
      transform: 'rotate(45deg)',
    },
    '& .markdown-body .hljs-keyword, & .markdown-body .hljs-selector-tag, & .markdown-body .hljs-built_in, & .markdown-body .hljs-meta': {
      color: tokens.colorPaletteRedForeground2,
    },
    '& .markdown-body .hljs-string, & .markdown-body .hljs-attr, & .markdown-body .hljs-addition, & .markdown-body .hljs-regexp': {
      color: tokens.colorPaletteGreenForeground2,
    },
    '& .markdown-body .hljs-number, & .markdown-body .hljs-literal, & .markdown-body .hljs-variable, & .markdown-body .hljs-attribute': {
      color: tokens.colorPaletteBlueForeground2,
    },
    '& .markdown-body .hljs-comment, & .markdown-body .hljs-quote': { color: tokens.colorNeutralForeground3, fontStyle: 'italic' },
    '& .markdown-body .hljs-title, & .markdown-body .hljs-function, & .markdown-body .hljs-type, & .markdown-body .hljs-section, & .markdown-body .hljs-name': {
      color: tokens.colorPalettePurpleForeground2,
    },
    '& .markdown-body .hljs-deletion': { color: tokens.colorPaletteRedForeground1 },
    '& .markdown-body .bytemd-mermaid': { overflowX: 'auto', margin: '1em 0', textAlign: 'center' },
    '& .markdown-body .katex-display': { overflowX: 'auto', overflowY: 'hidden', padding: '0.5em 0' },
  },
});
