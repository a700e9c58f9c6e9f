import { makeStyles, tokens } from '@fluentui/react-components';
import { useMemo } from 'react';
import { decodeEntities } from '../../../lib/decode-entities';
import { splitSnippet } from '../lib/split-snippet';

const useStyles = makeStyles({
  mark: { backgroundColor: tokens.colorPaletteYellowBackground2, color: 'inherit', borderRadius: tokens.borderRadiusSmall, padding: '0 1px' },
});

/** A hit's snippet: the matched words in `<mark>`, each run unescaped into text, never parsed as HTML. */
export function SnippetText({ snippet }: { snippet: string }) {
  const styles = useStyles();
  const parts = useMemo(() => splitSnippet(snippet), [snippet]);
  return (
    <>
      {parts.map((part, index) =>
        part.marked ? (
          <mark key={index} className={styles.mark}>
            {decodeEntities(part.text)}
          </mark>
        ) : (
          decodeEntities(part.text)
        ),
      )}
    </>
  );
}
