import type { BytemdPlugin } from 'bytemd';
import gfm from '@bytemd/plugin-gfm';
import highlight from '@bytemd/plugin-highlight';
import math from '@bytemd/plugin-math';
import mediumZoom from '@bytemd/plugin-medium-zoom';
import mermaid from '@bytemd/plugin-mermaid';

/**
 * The plugins of both the viewer and (part 2) the editor: GFM tables, code highlighting, math,
 * mermaid, image zoom. highlight.js, KaTeX and mermaid load on demand, when a page uses them.
 */
export const markdownPlugins: BytemdPlugin[] = [gfm(), highlight(), math(), mermaid(), mediumZoom()];
