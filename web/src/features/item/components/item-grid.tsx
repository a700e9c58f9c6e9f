import { Button, Card, SearchBox, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { AddRegular, DocumentRegular, LockClosedRegular, SettingsRegular, SignOutRegular } from '@fluentui/react-icons';
import { type DragEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterButton, RouterLink } from '../../../components/ui/router-link';
import { limits } from '../../../config/env';
import { paths } from '../../../config/paths';
import { decodeEntities } from '../../../lib/decode-entities';
import type { ItemListEntry } from '../api/get-my-items';
import { Tooltip } from '../../../components/ui/tooltip';

const useStyles = makeStyles({
  toolbar: { display: 'flex', justifyContent: 'flex-end', marginBottom: tokens.spacingVerticalM },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: tokens.spacingHorizontalL },
  gridMobile: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: tokens.spacingHorizontalS },
  tile: { position: 'relative', padding: 0, overflow: 'hidden', cursor: 'grab', minHeight: '150px' },
  dragging: { opacity: 0.4 },
  over: { outline: `2px dashed ${tokens.colorBrandStroke1}` },
  link: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalM,
    height: '100%',
    boxSizing: 'border-box',
    textDecorationLine: 'none',
    color: tokens.colorNeutralForeground1,
    ':hover': { textDecorationLine: 'none' },
    // The link is the card's Tab stop: the whole card shows where the focus is.
    ':focus-visible': {
      outlineWidth: '2px',
      outlineStyle: 'solid',
      outlineColor: tokens.colorStrokeFocus2,
      outlineOffset: '-2px',
      borderRadius: tokens.borderRadiusMedium,
    },
  },
  thumb: {
    height: '64px',
    borderRadius: tokens.borderRadiusMedium,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    fontSize: '28px',
    fontWeight: tokens.fontWeightBold,
    color: tokens.colorNeutralForegroundOnBrand,
    backgroundColor: tokens.colorBrandBackground,
  },
  name: { fontWeight: tokens.fontWeightSemibold, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  // What kind of item it is, before its name: a page for a single-page item, a lock (in warning colour) for a private one.
  kind: { verticalAlign: 'text-bottom', marginRight: '2px', color: tokens.colorBrandForeground1 },
  private: { color: tokens.colorPaletteMarigoldForeground1 },
  description: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', paddingRight: '28px' },
  corner: { position: 'absolute', bottom: tokens.spacingVerticalXS, right: tokens.spacingHorizontalXS, display: 'flex', gap: '2px' },
  newTile: {
    minHeight: '150px',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalS,
    border: `2px dashed ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusLarge,
    color: tokens.colorNeutralForeground2,
    textDecorationLine: 'none',
    ':hover': { textDecorationLine: 'none', backgroundColor: tokens.colorNeutralBackground1Hover },
  },
});

const PALETTE = ['#2b88d8', '#107c10', '#8764b8', '#ca5010', '#038387', '#c239b3', '#486991', '#986f0b'];

function thumbColor(itemId: number): string {
  return PALETTE[itemId % PALETTE.length];
}

export interface ItemGridProps {
  items: ItemListEntry[];
  mobile: boolean;
  onReorder: (order: number[]) => void;
  onExit: (item: ItemListEntry) => void;
}

/** SPEC §2 item list: thumbnails in the saved order, drag to reorder, search only above 9 items. */
export function ItemGrid({ items, mobile, onReorder, onExit }: ItemGridProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [order, setOrder] = useState<ItemListEntry[]>(items);
  const [keyword, setKeyword] = useState('');
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  useEffect(() => setOrder(items), [items]);

  const showSearch = items.length > limits.itemSearchAbove;
  const shown = useMemo(() => {
    const needle = keyword.trim().toLowerCase();
    return needle ? order.filter((item) => decodeEntities(item.item_name).toLowerCase().includes(needle)) : order;
  }, [order, keyword]);
  const draggable = !keyword.trim();

  const drop = (event: DragEvent, targetId: number) => {
    event.preventDefault();
    setOver(null);
    if (dragged === null || dragged === targetId) return;
    const next = order.filter((item) => item.item_id !== dragged);
    const target = next.findIndex((item) => item.item_id === targetId);
    const from = order.findIndex((item) => item.item_id === dragged);
    const to = order.findIndex((item) => item.item_id === targetId);
    next.splice(from < to ? target + 1 : target, 0, order[from]);
    setOrder(next);
    setDragged(null);
    onReorder(next.map((item) => item.item_id));
  };

  return (
    <>
      {showSearch && (
        <div className={styles.toolbar}>
          <SearchBox placeholder={t('Search items')} value={keyword} onChange={(_, data) => setKeyword(data.value)} aria-label={t('Search items')} />
        </div>
      )}
      <div className={mergeClasses(styles.grid, mobile && styles.gridMobile)} data-testid="item-grid">
        {shown.map((item) => {
          const name = decodeEntities(item.item_name);
          const mine = Number(item.creator) === 1;
          return (
            <Card
              key={item.item_id}
              className={mergeClasses(styles.tile, dragged === item.item_id && styles.dragging, over === item.item_id && styles.over)}
              draggable={draggable}
              data-item-id={item.item_id}
              data-testid="item-tile"
              // The drag handlers would make Fluent's Card a focus group of its own (one Tab stop, Enter to go in):
              // its link and its button are the stops instead, so one Enter opens the item.
              focusMode="off"
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', String(item.item_id));
                setDragged(item.item_id);
              }}
              onDragEnd={() => {
                setDragged(null);
                setOver(null);
              }}
              onDragOver={(event) => {
                event.preventDefault();
                setOver(item.item_id);
              }}
              onDrop={(event) => drop(event, item.item_id)}
            >
              <RouterLink to={paths.itemView.getHref(item.item_domain || item.item_id)} className={styles.link} draggable={false}>
                <div className={styles.thumb} style={{ backgroundColor: thumbColor(item.item_id) }} aria-hidden>
                  {name.slice(0, 1).toUpperCase()}
                </div>
                <span className={styles.name} title={name}>
                  {Number(item.item_type) === 2 && <DocumentRegular className={styles.kind} role="img" aria-label={t('Single-page item')} data-testid="item-kind-single-page" />}
                  {Number(item.is_private) === 1 && (
                    <LockClosedRegular className={mergeClasses(styles.kind, styles.private)} role="img" aria-label={t('Private item')} data-testid="item-kind-private" />
                  )}{' '}
                  {name}
                </span>
                <span className={styles.description}>{decodeEntities(item.item_description) || '\u00a0'}</span>
              </RouterLink>
              <div className={styles.corner}>
                {mine ? (
                  <Tooltip content={t('Item settings')} relationship="label">
                    <RouterButton to={paths.itemSetting.getHref(item.item_id)} size="small" appearance="subtle" icon={<SettingsRegular />} aria-label={t('Item settings')} />
                  </Tooltip>
                ) : (
                  <Tooltip content={t('Leave this item')} relationship="label">
                    <Button size="small" appearance="subtle" icon={<SignOutRegular />} aria-label={t('Leave this item')} onClick={() => onExit(item)} />
                  </Tooltip>
                )}
              </div>
            </Card>
          );
        })}
        <RouterLink to={paths.itemAdd.getHref()} className={styles.newTile} data-testid="new-item-tile">
          <AddRegular fontSize={32} />
          {t('New item')}
        </RouterLink>
      </div>
    </>
  );
}
