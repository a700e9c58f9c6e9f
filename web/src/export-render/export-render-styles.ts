import { makeStyles, tokens } from '@fluentui/react-components';
import { EXPORT_CLASSES as C } from './export-renderer';

/**
 * The exported document's frame around the reader's Markdown stylesheet: a cover, a table of
 * contents with page numbers, catalogs and pages as headings, and what printing needs (every top
 * entry on a new page, code wrapped instead of scrolled, tables fitted to the page, no row split).
 */
export const useExportRenderStyles = makeStyles({
  root: {
    fontFamily: tokens.fontFamilyBase,
    color: tokens.colorNeutralForeground1,
    backgroundColor: tokens.colorNeutralBackground1,
    padding: '0 4px',
    [`& .${C.cover}`]: { breakAfter: 'page', paddingTop: '28vh', textAlign: 'center' },
    [`& .${C.coverTitle}`]: { fontSize: '32px', fontWeight: tokens.fontWeightBold, lineHeight: 1.3, marginBottom: '24px' },
    [`& .${C.coverLine}`]: { fontSize: tokens.fontSizeBase400, color: tokens.colorNeutralForeground3, marginTop: '8px' },
    [`& .${C.toc}`]: { breakAfter: 'page' },
    [`& .${C.tocEntry}`]: {
      display: 'flex',
      alignItems: 'baseline',
      color: tokens.colorNeutralForeground1,
      textDecorationLine: 'none',
      lineHeight: 1.9,
      fontSize: tokens.fontSizeBase300,
    },
    [`& .${C.tocEntry}-1`]: { fontWeight: tokens.fontWeightSemibold },
    [`& .${C.tocEntry}-2`]: { paddingLeft: '1.5em' },
    [`& .${C.tocEntry}-3`]: { paddingLeft: '3em' },
    [`& .${C.tocEntry}-4`]: { paddingLeft: '4.5em' },
    [`& .${C.tocFill}`]: { flexGrow: 1, minWidth: '1em', margin: '0 0.4em', borderBottom: `1px dotted ${tokens.colorNeutralStroke1}` },
    // Wide enough for four digits, so writing the numbers in the second pass moves nothing.
    [`& .${C.tocPage}`]: { minWidth: '3em', textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
    [`& .${C.entry}-1`]: { breakBefore: 'page' },
    [`& .${C.heading}`]: { color: tokens.colorNeutralForeground1, breakAfter: 'avoid', lineHeight: 1.3, margin: '1.2em 0 0.6em' },
    [`& .${C.note}`]: { color: tokens.colorNeutralForeground3, fontStyle: 'italic' },
    [`& .${C.imageMissing}`]: {
      display: 'inline-block',
      padding: '4px 8px',
      border: `1px dashed ${tokens.colorNeutralStroke1}`,
      color: tokens.colorNeutralForeground3,
      fontSize: tokens.fontSizeBase200,
    },
    '& .markdown-body pre': { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', overflowX: 'visible' },
    '& .markdown-body .markdown-table-scroll': { overflowX: 'visible' },
    '& .markdown-body table': { width: '100%' },
    '& .markdown-body th, & .markdown-body td': { minWidth: 0, overflowWrap: 'anywhere' },
    '& .markdown-body tr, & .markdown-body img, & .markdown-body .bytemd-mermaid, & .markdown-body .katex-display': { breakInside: 'avoid' },
    '& .markdown-body h1, & .markdown-body h2, & .markdown-body h3, & .markdown-body h4, & .markdown-body h5, & .markdown-body h6': { breakAfter: 'avoid' },
  },
});
