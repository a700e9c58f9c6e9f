/**
 * The Markdown renderer's chunk (remark, rehype and the HTML parser: about 100 KB gzip). A route
 * that shows a page calls it from its loader (app/route-data.ts), so the renderer downloads alongside the page's text
 * instead of after it; `MarkdownViewer` waits for the same promise.
 */
export const loadMarkdownRender = () => import('./markdown-render');
