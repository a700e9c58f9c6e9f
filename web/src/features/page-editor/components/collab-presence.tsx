import { Spinner, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CollabPeer, CollabSaveState, CollabStatus } from '../hooks/use-collab-session';
import { initials } from '../lib/collab-colors';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
    color: tokens.colorNeutralForeground2,
  },
  people: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  list: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, margin: 0, padding: 0, listStyleType: 'none', minWidth: 0 },
  peer: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    maxWidth: '220px',
    padding: `0 ${tokens.spacingHorizontalS} 0 0`,
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorNeutralBackground3,
    color: tokens.colorNeutralForeground1,
  },
  avatar: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    width: '24px',
    height: '24px',
    borderRadius: tokens.borderRadiusCircular,
    // The user's colour (inline) carries white initials at 4.5:1 or more (lib/collab-colors.ts).
    color: '#ffffff',
    fontSize: tokens.fontSizeBase100,
    fontWeight: tokens.fontWeightSemibold,
  },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  you: { color: tokens.colorNeutralForeground3 },
  states: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalXS, marginLeft: 'auto' },
  state: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  // The connection as a coloured dot beside its words (the words say it; the dot is for a glance).
  dot: { flexShrink: 0, width: '8px', height: '8px', borderRadius: tokens.borderRadiusCircular },
  dotLive: { backgroundColor: tokens.colorPaletteGreenBorderActive },
  dotOffline: { backgroundColor: tokens.colorPaletteDarkOrangeBorderActive },
  live: { color: tokens.colorPaletteGreenForeground1 },
  warning: { color: tokens.colorPaletteDarkOrangeForeground1 },
  error: { color: tokens.colorPaletteRedForeground1 },
  readOnly: { color: tokens.colorNeutralForeground1, fontWeight: tokens.fontWeightSemibold },
});

export interface CollabPresenceProps {
  peers: CollabPeer[];
  status: CollabStatus;
  readOnly: boolean;
  save: CollabSaveState;
}

/**
 * The co-editing row above the editor's tools: who is in the page (their colours, as their cursors show them),
 * whether the connection is live, and the last save, whoever made it.
 */
export function CollabPresence({ peers, status, readOnly, save }: CollabPresenceProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const labelId = useId();
  return (
    <div className={styles.root} data-testid="collab-presence">
      <div className={styles.people}>
        <span id={labelId}>{t('In this page:')}</span>
        <ul className={styles.list} aria-labelledby={labelId}>
          {peers.map(({ user, self }) => (
            <li key={user.uid} className={styles.peer} data-testid="collab-peer" data-uid={user.uid} title={user.name}>
              <span className={styles.avatar} style={{ backgroundColor: user.color }} aria-hidden>
                {initials(user.name)}
              </span>
              <span className={styles.name} data-testid="collab-peer-name">
                {user.name}
                {self && <span className={styles.you}> {t('(you)')}</span>}
              </span>
            </li>
          ))}
        </ul>
      </div>
      <div className={styles.states}>
        {readOnly && (
          <span className={mergeClasses(styles.state, styles.readOnly)} data-testid="collab-read-only">
            {t('You can watch this page being edited but not change it')}
          </span>
        )}
        <span className={styles.state} role="status" data-testid="collab-connection">
          {status === 'offline' ? (
            <span className={mergeClasses(styles.state, styles.warning)}>
              <span className={mergeClasses(styles.dot, styles.dotOffline)} aria-hidden />
              {t('Offline — your changes will be merged when the connection returns')}
            </span>
          ) : (
            <span className={mergeClasses(styles.state, styles.live)}>
              <span className={mergeClasses(styles.dot, styles.dotLive)} aria-hidden />
              {t('Live')}
            </span>
          )}
        </span>
        <span className={styles.state} role="status" data-testid="collab-save-state">
          <SaveState save={save} />
        </span>
      </div>
    </div>
  );
}

function SaveState({ save }: { save: CollabSaveState }) {
  const { t } = useTranslation();
  const styles = useStyles();
  switch (save.kind) {
    case 'idle':
      return null;
    case 'saving':
      return <Spinner size="extra-tiny" label={t('Saving…')} labelPosition="after" />;
    case 'saved': {
      // A save this editor did not ask for, in this user's name, is the server's save after a pause in typing (the
      // last to type is its author); another name is someone else's save (theirs, or the pause after their typing).
      const text = save.mine ? t('Saved') : save.auto ? t('Saved automatically') : t('Saved by {{name}}', { name: save.by });
      return <span className={styles.state}>{text}</span>;
    }
    case 'offline':
      return <span className={mergeClasses(styles.state, styles.warning)}>{t('Offline: the page will be saved once your changes have merged')}</span>;
    case 'conflict':
      return (
        <span className={mergeClasses(styles.state, styles.warning)}>
          {t('{{name}} saved this page from outside the editor over the same lines: the text here was kept, their version is in the history', { name: save.by })}
        </span>
      );
    case 'failed':
      return <span className={mergeClasses(styles.state, styles.error)}>{save.message}</span>;
  }
}
