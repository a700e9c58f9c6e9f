import { Button, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Select, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api-client';
import { decodeEntities } from '../../../../lib/decode-entities';
import type { ItemTeamEntry } from '../../api/get-item-teams';
import { type TeamItemMemberEntry, useTeamItemMembers } from '../../api/get-team-item-members';
import { saveTeamItemMember } from '../../api/save-team-item-member';
import { Dialog } from '../../../../components/ui/dialog';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  row: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  saved: { color: tokens.colorPaletteGreenForeground1 },
  empty: { color: tokens.colorNeutralForeground3 },
});

/** Each member of an assigned team with their right on this item (1 edit, 0 read-only). */
export function TeamRightsDialog({ itemId, team, onClose }: { itemId: number; team: ItemTeamEntry; onClose: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { data: rights, isLoading } = useTeamItemMembers(itemId, team.team_id);
  const [saved, setSaved] = useState(false);

  const change = async (right: TeamItemMemberEntry, value: string) => {
    setSaved(false);
    try {
      await saveTeamItemMember(itemId, team.team_id, right.id, value === '1' ? 1 : 0);
      setSaved(true);
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
    }
  };

  return (
    <Dialog open onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('Rights of the team "{{team}}" on this item', { team: decodeEntities(team.team_name) })}</DialogTitle>
          <DialogContent className={styles.content}>
            {isLoading && !rights ? (
              <Spinner />
            ) : !rights || rights.length === 0 ? (
              <span className={styles.empty}>{t('This team has no members yet.')}</span>
            ) : (
              rights.map((right) => (
                <div key={right.id} className={styles.row} data-testid="team-right-row">
                  <span>{decodeEntities(right.member_username)}</span>
                  <Select
                    aria-label={t('Right of {{username}}', { username: decodeEntities(right.member_username) })}
                    value={String(right.member_group_id)}
                    onChange={(_, data) => void change(right, data.value)}
                  >
                    <option value="1">{t('Edit')}</option>
                    <option value="0">{t('Read-only')}</option>
                  </Select>
                </div>
              ))
            )}
            {saved && (
              <Text className={styles.saved} role="status" data-testid="team-right-saved">
                {t('Permission saved')}
              </Text>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {t('Close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
