import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  root: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    boxSizing: 'border-box',
    minWidth: '16px',
    height: '16px',
    padding: `0 ${tokens.spacingHorizontalXXS}`,
    borderRadius: tokens.borderRadiusCircular,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase100,
    lineHeight: tokens.lineHeightBase100,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForegroundOnBrand,
  },
  brand: { backgroundColor: tokens.colorBrandBackground },
  danger: { backgroundColor: tokens.colorPaletteRedBackground3 },
});

/** Past this a count is shown as "99+". */
const MOST_SHOWN = 99;

interface CountBadgeProps {
  count: number;
  /** `danger` for what waits for the reader (unread messages). */
  color?: 'brand' | 'danger';
  className?: string;
  'data-testid'?: string;
}

/** A small round count on an action (unread messages, attachments): Fluent's small counter badge, drawn by the app. */
export function CountBadge({ count, color = 'brand', className, 'data-testid': testId }: CountBadgeProps) {
  const styles = useStyles();
  return (
    <span className={mergeClasses(styles.root, styles[color], className)} data-testid={testId}>
      {count > MOST_SHOWN ? `${MOST_SHOWN}+` : count}
    </span>
  );
}
