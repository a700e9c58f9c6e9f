import { NotFoundView } from '../../components/ui/error-view';
import { PageLayout } from '../../components/ui/page-layout';

export default function NotFoundRoute() {
  return (
    <PageLayout width="narrow">
      <NotFoundView />
    </PageLayout>
  );
}
