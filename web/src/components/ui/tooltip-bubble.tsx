import { Portal, makeStyles, tokens, usePositioning } from '@fluentui/react-components';

// Fluent's tooltip, as its own styles draw it.
const useStyles = makeStyles({
  root: {
    boxSizing: 'border-box',
    maxWidth: '240px',
    cursor: 'default',
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
    overflowWrap: 'break-word',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorTransparentStroke}`,
    padding: '4px 11px 6px 11px',
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    filter: `drop-shadow(0 0 2px ${tokens.colorNeutralShadowAmbient}) drop-shadow(0 4px 8px ${tokens.colorNeutralShadowKey})`,
  },
});

interface TooltipBubbleProps {
  /** The element the bubble points at. */
  target: HTMLElement;
  content: string;
  onPointerEnter: () => void;
  onPointerLeave: () => void;
}

/** The bubble of components/ui/tooltip.tsx, above its trigger (or where there is room), in a chunk of its own. */
export function TooltipBubble({ target, content, onPointerEnter, onPointerLeave }: TooltipBubbleProps) {
  const styles = useStyles();
  const { containerRef } = usePositioning({ position: 'above', align: 'center', offset: 4, target });
  return (
    <Portal>
      <div ref={containerRef} role="tooltip" className={styles.root} onPointerEnter={onPointerEnter} onPointerLeave={onPointerLeave}>
        {content}
      </div>
    </Portal>
  );
}
