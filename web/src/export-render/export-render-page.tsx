import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import type { ExportRenderApi } from '@quire/proto';
import 'katex/dist/katex.min.css';
import { useLayoutEffect, useRef } from 'react';
import { useMarkdownBodyStyles } from '../components/ui/markdown-body-styles';
import { useExportRenderStyles } from './export-render-styles';
import { ExportRenderer } from './export-renderer';

declare global {
  interface Window {
    quireExport?: ExportRenderApi;
  }
}

/**
 * The export renderer's page (export-render.html): the reader's theme and Markdown stylesheet around an
 * element the export worker fills through `window.quireExport`, set once the styles are in place.
 */
export function ExportRenderPage() {
  const markdown = useMarkdownBodyStyles();
  const frame = useExportRenderStyles();
  const root = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (root.current) window.quireExport = new ExportRenderer(root.current);
  }, []);
  return (
    <FluentProvider theme={webLightTheme}>
      <div ref={root} className={`${markdown.root} ${frame.root}`} />
    </FluentProvider>
  );
}
