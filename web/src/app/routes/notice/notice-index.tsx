import { Tab, TabList, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular, ChatRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { HeaderAction } from '../../../components/ui/header-action';
import { PageLayout } from '../../../components/ui/page-layout';
import { paths } from '../../../config/paths';
import { NoticeList } from '../../../features/notice/components/notice-list';
import { showFeedback } from '../../../lib/feedback';

const useStyles = makeStyles({
  tabs: { marginBottom: tokens.spacingVerticalM },
});

/** SPEC §2 notices: the 'my messages' tab, a feedback button and a back link. */
export default function NoticeIndexRoute() {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <PageLayout
      title={t('Messages')}
      actions={
        <>
          <HeaderAction icon={<ChatRegular />} label={t('Feedback')} onClick={showFeedback} />
          <HeaderAction icon={<ArrowLeftRegular />} label={t('Back')} to={paths.itemIndex.getHref()} />
        </>
      }
    >
      <TabList className={styles.tabs} selectedValue="mine">
        <Tab value="mine">{t('My messages')}</Tab>
      </TabList>
      <NoticeList />
    </PageLayout>
  );
}
