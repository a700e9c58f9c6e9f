type MarkdownRenderModule = typeof import('./markdown-render');

let loaded: MarkdownRenderModule | undefined;

/**
 * The Markdown renderer's chunk (remark, rehype and the HTML parser: about 100 KB gzip). A route
 * that shows a page calls it from its loader (app/route-data.ts), so the renderer downloads alongside the page's text
 * instead of after it; `MarkdownViewer` waits for the same promise.
 */
export const loadMarkdownRender = (): Promise<MarkdownRenderModule> =>
  import('./markdown-render').then((module) => {
    loaded = module;
    return module;
  });

/**
 * The renderer when its chunk has arrived: `MarkdownViewer` then draws the page at once instead of
 * through a Suspense boundary, which React reveals up to 300 ms late (its fallback throttling).
 */
export const loadedMarkdownRender = (): MarkdownRenderModule | undefined => loaded;
