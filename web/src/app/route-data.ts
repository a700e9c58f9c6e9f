import type { LoaderFunctionArgs } from 'react-router-dom';
import { loadMarkdownRender } from '../components/ui/load-markdown-render';
import { getItemInfo, itemInfoKey } from '../features/item/api/get-item-info';
import { getPage, pageKey } from '../features/page/api/get-page';
import { startEarly } from '../lib/early-request';

/**
 * Route loaders that start a screen's reads as the router matches its address, alongside the
 * download of the screen's code instead of after it (lib/early-request.ts); the screen's SWR hooks
 * take the answers over. They resolve at once: the screen shows its own loading and error states. On the
 * first screen of a visit, index.html's boot script (web/vite/first-load.ts, which names the same reads) has
 * started these reads and chunks already: the API client takes its answers (lib/early-request.ts).
 */

/** The item view: the menu, the page the address names and the Markdown renderer. */
export function preloadItemView({ params, request }: LoaderFunctionArgs): null {
  void loadMarkdownRender();
  const pageId = Number(new URL(request.url).searchParams.get('page_id')) || 0;
  const query = { itemKey: params.itemKey ?? '', defaultPageId: pageId };
  startEarly(itemInfoKey(query), () => getItemInfo(query, true));
  if (pageId) startEarly(pageKey(pageId), () => getPage(pageId, true));
  return null;
}

/** A page on its own: its text and the Markdown renderer. */
export function preloadPage({ params }: LoaderFunctionArgs): null {
  void loadMarkdownRender();
  const pageId = Number(params.pageId) || 0;
  if (pageId) startEarly(pageKey(pageId), () => getPage(pageId, true));
  return null;
}

/** A shared page: the Markdown renderer (its text is read by its key). */
export function preloadSharedPage(): null {
  void loadMarkdownRender();
  return null;
}
