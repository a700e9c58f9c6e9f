import { Viewer } from '@bytemd/react';
import { useMemo } from 'react';
import { markdownPlugins } from '../../lib/markdown-plugins';
import type { ThemeName } from '../../lib/theme';

/**
 * ByteMD's viewer with the editor preview's plugins: its own chunk (remark, rehype and the HTML
 * parser are about 100 KB gzip), loaded by `MarkdownViewer` while the page's text is fetched.
 * ByteMD sanitizes the HTML it produces.
 */
export default function MarkdownRender({ value, theme }: { value: string; theme: ThemeName }) {
  const plugins = useMemo(() => markdownPlugins(theme), [theme]);
  return <Viewer value={value} plugins={plugins} />;
}
