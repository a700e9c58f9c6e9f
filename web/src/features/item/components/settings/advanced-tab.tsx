import { Button, Card, Field, Input, Subtitle2, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArchiveRegular, DeleteRegular, PersonArrowRightRegular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../../config/paths';
import { showAlert } from '../../../../lib/alert';
import { archiveItem } from '../../api/archive-item';
import { attornItem } from '../../api/attorn-item';
import { deleteItem } from '../../api/delete-item';
import type { ItemRow } from '../../api/get-item-detail';
import { PasswordConfirmDialog } from './password-confirm-dialog';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalL },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end', flexWrap: 'wrap' },
  grow: { flexGrow: 1, minWidth: '180px' },
  text: { color: tokens.colorNeutralForeground2 },
  danger: {
    backgroundColor: tokens.colorPaletteRedBackground3,
    color: tokens.colorNeutralForegroundOnBrand,
    ':hover': { backgroundColor: tokens.colorPaletteRedForeground1, color: tokens.colorNeutralForegroundOnBrand },
  },
  done: { padding: tokens.spacingHorizontalM, borderRadius: tokens.borderRadiusMedium, backgroundColor: tokens.colorPaletteGreenBackground1, color: tokens.colorPaletteGreenForeground1 },
});

/** SPEC §9: the redirect to the item list after a successful attorn, archive or delete. */
export const REDIRECT_DELAY_MS = 2000;

type Action = 'attorn' | 'archive' | 'delete';

/** SPEC §2 advanced settings (creator only): attorn, archive, delete, each confirmed with the login password. */
export function AdvancedTab({ item }: { item: ItemRow }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const [newOwner, setNewOwner] = useState('');
  const [asking, setAsking] = useState<Action | null>(null);
  const [done, setDone] = useState('');

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate(paths.itemIndex.getHref()), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const dialogs: Record<Action, { title: string; message: string; submit: string; run: (password: string) => Promise<void>; done: string }> = {
    attorn: {
      title: t('Transfer the item'),
      message: t('The item goes to {{username}}; you keep no right on it unless you are a member.', { username: newOwner.trim() }),
      submit: t('Transfer'),
      run: async (password) => void (await attornItem(item.item_id, newOwner.trim(), password)),
      done: t('The item was transferred. Going back to your items…'),
    },
    archive: {
      title: t('Archive the item'),
      message: t('An archived item is read-only for good: its pages and catalogs can no longer change.'),
      submit: t('Archive'),
      run: (password) => archiveItem(item.item_id, password),
      done: t('The item was archived. Going back to your items…'),
    },
    delete: {
      title: t('Delete the item'),
      message: t('The item, its pages and catalogs are deleted.'),
      submit: t('Delete'),
      run: (password) => deleteItem(item.item_id, password),
      done: t('The item was deleted. Going back to your items…'),
    },
  };

  const openAttorn = async () => {
    if (!newOwner.trim()) return void (await showAlert(t('Please enter the username of the new owner')));
    setAsking('attorn');
  };

  const current = asking ? dialogs[asking] : null;
  return (
    <div className={styles.root}>
      {done && (
        <div className={styles.done} role="status" data-testid="advanced-done">
          {done}
        </div>
      )}
      <Card className={styles.card}>
        <Subtitle2 as="h2">{t('Transfer the item')}</Subtitle2>
        <Text className={styles.text}>{t('Give this item to another user, who becomes its creator.')}</Text>
        <div className={styles.row}>
          <Field className={styles.grow} label={t('Username of the new owner')}>
            <Input name="attorn_username" value={newOwner} onChange={(_, data) => setNewOwner(data.value)} />
          </Field>
          <Button icon={<PersonArrowRightRegular />} disabled={Boolean(done)} onClick={() => void openAttorn()}>
            {t('Transfer')}
          </Button>
        </div>
      </Card>
      <Card className={styles.card}>
        <Subtitle2 as="h2">{t('Archive the item')}</Subtitle2>
        <Text className={styles.text}>{t('An archived item is read-only for good: its pages and catalogs can no longer change.')}</Text>
        <div className={styles.row}>
          <Button icon={<ArchiveRegular />} disabled={Boolean(done) || Number(item.is_archived) === 1} onClick={() => setAsking('archive')}>
            {t('Archive')}
          </Button>
        </div>
      </Card>
      <Card className={styles.card}>
        <Subtitle2 as="h2">{t('Delete the item')}</Subtitle2>
        <Text className={styles.text}>{t('The item, its pages and catalogs are deleted.')}</Text>
        <div className={styles.row}>
          <Button className={styles.danger} icon={<DeleteRegular />} disabled={Boolean(done)} onClick={() => setAsking('delete')}>
            {t('Delete item')}
          </Button>
        </div>
      </Card>
      {current && asking && (
        <PasswordConfirmDialog
          key={asking}
          title={current.title}
          message={current.message}
          submitLabel={current.submit}
          onClose={() => setAsking(null)}
          onConfirm={async (password) => {
            await current.run(password);
            setAsking(null);
            setDone(current.done);
          }}
        />
      )}
    </div>
  );
}
