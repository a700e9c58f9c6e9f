import { useParams, useSearchParams } from 'react-router-dom';
import { PageEditor } from '../../../features/page-editor/components/page-editor';
import { labels } from '../../../features/page-editor/labels';
import { addLabels } from '../../../lib/i18n';

addLabels(labels);

/** `/page/edit/{item_id}/{page_id}` (SPEC §2): page_id 0 is a new page; `copy_page_id` starts from a copy. */
export default function PageEditRoute() {
  const { itemId = '', pageId = '' } = useParams();
  const [search] = useSearchParams();
  const item = Number(itemId) || 0;
  return <PageEditor key={item} itemId={item} pageId={Number(pageId) || 0} copyPageId={Number(search.get('copy_page_id')) || 0} />;
}
