import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { BytemdEditorContext, BytemdPlugin, EditorProps } from 'bytemd';
// The same ByteMD under another name (an npm alias): ByteMD is one module, so importing its editor
// from 'bytemd' would put the editor into the chunk the reader shares for the viewer.
import { Editor } from 'bytemd-editor';
import 'bytemd-editor/dist/index.css';
import zhHans from 'bytemd-editor/locales/zh_Hans.json';
import 'katex/dist/katex.min.css';
import { forwardRef, useEffect, useId, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodemirrorBinding, cmOrigin } from 'y-codemirror';
import { UndoManager } from 'yjs';
import { useMarkdownBodyStyles } from '../../../components/ui/markdown-body-styles';
import { markdownPlugins } from '../../../lib/markdown-plugins';
import { useThemeName } from '../../../lib/theme';
import type { CollabDocument } from '../hooks/use-collab-session';

/** SPEC §2: the editor is 1000 px high. */
export const EDITOR_HEIGHT_PX = 1000;

const useStyles = makeStyles({
  root: {
    // ByteMD's stylesheet is light only: its surfaces follow the app's theme tokens instead.
    '& .bytemd': {
      height: `${EDITOR_HEIGHT_PX}px`,
      borderRadius: tokens.borderRadiusMedium,
      color: tokens.colorNeutralForeground1,
      backgroundColor: tokens.colorNeutralBackground1,
      borderTopColor: tokens.colorNeutralStroke2,
      borderRightColor: tokens.colorNeutralStroke2,
      borderBottomColor: tokens.colorNeutralStroke2,
      borderLeftColor: tokens.colorNeutralStroke2,
    },
    '& .bytemd-toolbar': {
      backgroundColor: tokens.colorNeutralBackground3,
      borderBottomColor: tokens.colorNeutralStroke2,
      // The formatting bar sticks under the page editor's tools (their heights are set by the page editor).
      position: 'sticky',
      top: 'calc(var(--editor-header-height, 0px) + var(--editor-tools-height, 0px))',
      zIndex: 4,
    },
    '& .bytemd-fullscreen .bytemd-toolbar': { position: 'static' },
    '& .bytemd-toolbar-icon:hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    '& .bytemd-toolbar-tab-active': { color: tokens.colorBrandForeground1 },
    '& .bytemd-preview': { borderLeftColor: tokens.colorNeutralStroke2 },
    '& .bytemd-status': { borderTopColor: tokens.colorNeutralStroke2 },
    '& .CodeMirror': { fontSize: tokens.fontSizeBase300, color: tokens.colorNeutralForeground1, backgroundColor: 'transparent' },
    '& .CodeMirror-cursor': { borderLeftColor: tokens.colorNeutralForeground1 },
    '& .cm-header': { color: tokens.colorBrandForeground1 },
    '& .cm-link, & .cm-url': { color: tokens.colorBrandForegroundLink },
    // CodeMirror's Markdown colours are made for a white page: theme tokens keep them readable (4.5:1) in both themes.
    '& .cm-variable-2, & .cm-variable-3, & .cm-keyword': { color: tokens.colorPaletteBlueForeground2 },
    '& .cm-comment, & .cm-string': { color: tokens.colorPaletteDarkOrangeForeground2 },
    '& .cm-meta, & .cm-quote, & .cm-hr, & .cm-formatting, & .cm-tag, & .cm-attribute': { color: tokens.colorNeutralForeground2 },
    // Co-editors' cursors (y-codemirror): a bar in the user's colour (set inline) and a label with the name above it,
    // shown while that user moves and on hover. The colours carry white text (lib/collab-colors.ts).
    '& .remote-caret': {
      position: 'relative',
      borderLeftWidth: '2px',
      borderLeftStyle: 'solid',
      marginLeft: '-1px',
      marginRight: '-1px',
      boxSizing: 'border-box',
    },
    '& .remote-caret > div': {
      position: 'absolute',
      bottom: '100%',
      left: '-2px',
      zIndex: 3,
      padding: `0 ${tokens.spacingHorizontalXS}`,
      borderRadius: tokens.borderRadiusSmall,
      color: '#ffffff',
      fontFamily: tokens.fontFamilyBase,
      fontSize: tokens.fontSizeBase100,
      fontWeight: tokens.fontWeightSemibold,
      lineHeight: tokens.lineHeightBase100,
      whiteSpace: 'nowrap',
      userSelect: 'none',
      pointerEvents: 'none',
      transitionProperty: 'opacity',
      transitionDuration: tokens.durationNormal,
    },
    '& .remote-caret.hide-name > div': { opacity: 0, transitionDelay: '0.7s' },
    '& .remote-caret:hover > div': { opacity: 1, transitionDelay: '0s' },
  },
  keyHint: { margin: `0 0 ${tokens.spacingVerticalXS}`, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

const MODIFIER_KEYS = new Set(['Shift', 'Control', 'Alt', 'Meta']);

/**
 * CodeMirror's accessible pattern: Tab indents inside the text, so Escape first lets the next Tab (or
 * Shift+Tab) leave the editor, as the browser moves focus; any other key ends that state.
 */
function leaveByEscapeThenTab(cm: BytemdEditorContext['editor']): () => void {
  let escaped = false;
  const onKeyDown = (_: unknown, event: KeyboardEvent) => {
    if (event.key === 'Tab' && escaped && !event.ctrlKey && !event.altKey && !event.metaKey) {
      // Ignored by CodeMirror: the browser's own Tab moves the focus out of its text area.
      (event as KeyboardEvent & { codemirrorIgnore?: boolean }).codemirrorIgnore = true;
    }
    // Shift, pressed before the Tab of Shift+Tab, keeps the state.
    if (!MODIFIER_KEYS.has(event.key)) escaped = event.key === 'Escape';
  };
  const onBlur = () => {
    escaped = false;
  };
  cm.on('keydown', onKeyDown);
  cm.on('blur', onBlur);
  return () => {
    cm.off('keydown', onKeyDown);
    cm.off('blur', onBlur);
  };
}

/** The Svelte component behind ByteMD's `Editor` (its published types do not resolve Svelte's). */
interface SvelteEditor {
  $set(props: Partial<EditorProps>): void;
  $on(event: 'change', listener: (event: CustomEvent<{ value: string }>) => void): () => void;
  $destroy(): void;
}
const BytemdEditor = Editor as unknown as new (options: { target: Element; props: EditorProps }) => SvelteEditor;

/** How long typing pauses before a long page's status bar and preview catch up. */
const LONG_PAGE_SYNC_DELAY_MS = 500;

export interface MarkdownEditorHandle {
  /** Replaces the selection (or inserts at the cursor) and focuses the editor. */
  insert(text: string): void;
  /** Replaces the whole content (history restore, draft). */
  replaceAll(text: string): void;
  focus(): void;
}

interface MarkdownEditorProps {
  /** The content the editor starts with; later changes go through the handle. */
  initialValue: string;
  onChange: (value: string) => void;
  /** Split view with the live preview, or the write tab alone (long pages, SPEC §4). */
  livePreview: boolean;
  language: string;
  /** Files pasted or dropped into the editor: the caller checks and uploads them. */
  onFiles: (files: File[]) => void;
  /**
   * Co-editing (issue 18): CodeMirror is bound to the shared Markdown, with the others' cursors from the awareness.
   * Every change made through CodeMirror (typing, the toolbars, insertions, pasted images) reaches the shared text.
   */
  collab?: CollabDocument;
  /** A watcher's editor: nothing changes the text but the co-editors' changes. */
  readOnly?: boolean;
}

/** The shortest change that turns `from` into `to`: where they differ, as offsets into `from`, and the new text. */
function textChange(from: string, to: string): { start: number; end: number; text: string } {
  let start = 0;
  const limit = Math.min(from.length, to.length);
  while (start < limit && from.charCodeAt(start) === to.charCodeAt(start)) start += 1;
  let tail = 0;
  while (tail < limit - start && from.charCodeAt(from.length - 1 - tail) === to.charCodeAt(to.length - 1 - tail)) tail += 1;
  return { start, end: from.length - tail, text: to.slice(start, to.length - tail) };
}

/**
 * ByteMD's editor (CodeMirror + preview) with the reader's plugins, driven directly: the React
 * wrapper of @bytemd/react re-applies every prop on each render, which re-registers the plugins
 * and re-counts the words of the whole page on every keystroke.
 */
export const MarkdownEditor = forwardRef<MarkdownEditorHandle, MarkdownEditorProps>(function MarkdownEditor(props, ref) {
  const styles = useStyles();
  const { t } = useTranslation();
  const contentLabel = useRef('');
  contentLabel.current = t('Page content (Markdown)');
  const keyHintId = useId();
  const markdownBody = useMarkdownBodyStyles();
  const theme = useThemeName();
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<SvelteEditor | null>(null);
  const context = useRef<BytemdEditorContext | null>(null);
  /** The CodeMirror instance, once ByteMD has made it (the co-editing binding attaches to it). */
  const [codeMirror, setCodeMirror] = useState<BytemdEditorContext['editor'] | null>(null);
  const onChange = useRef(props.onChange);
  const onFiles = useRef(props.onFiles);
  onChange.current = props.onChange;
  onFiles.current = props.onFiles;
  const initial = useRef({ value: props.initialValue, livePreview: props.livePreview, language: props.language, theme });
  const live = useRef(props.livePreview);
  live.current = props.livePreview;

  const editorPlugin = useMemo<BytemdPlugin>(
    () => ({
      // Keeps the CodeMirror instance for the toolbar's insertions, and takes pasted or dropped files.
      editorEffect(ctx) {
        context.current = ctx;
        setCodeMirror(ctx.editor);
        // CodeMirror's text area has no name of its own: screen readers announce it by this one, and the
        // visible hint on the keys (how to leave the editor) is its description.
        const input = ctx.editor.getInputField();
        input.setAttribute('aria-label', contentLabel.current);
        input.setAttribute('aria-describedby', keyHintId);
        const stopLeaving = leaveByEscapeThenTab(ctx.editor);
        const take = (event: ClipboardEvent | DragEvent, files: FileList | undefined) => {
          const list = Array.from(files ?? []);
          if (list.length === 0) return;
          event.preventDefault();
          onFiles.current(list);
        };
        const onPaste = (_: unknown, event: ClipboardEvent) => take(event, event.clipboardData?.files);
        const onDrop = (_: unknown, event: DragEvent) => take(event, event.dataTransfer?.files);
        ctx.editor.on('paste', onPaste);
        ctx.editor.on('drop', onDrop);
        return () => {
          stopLeaving();
          ctx.editor.off('paste', onPaste);
          ctx.editor.off('drop', onDrop);
        };
      },
    }),
    [keyHintId],
  );
  // The reader's plugins (and, on the host element, the reader's stylesheet) for the preview.
  const plugins = useMemo<BytemdPlugin[]>(() => [...markdownPlugins(initial.current.theme), editorPlugin], [editorPlugin]);
  const drawnTheme = useRef(theme);

  useEffect(() => {
    if (!host.current) return;
    const { value, livePreview, language } = initial.current;
    const instance = new BytemdEditor({
      target: host.current,
      props: {
        value,
        plugins,
        mode: livePreview ? 'auto' : 'tab',
        locale: language.toLowerCase().startsWith('zh') ? zhHans : undefined,
        editorConfig: { autofocus: false },
      },
    });
    // ByteMD's own copy of the value feeds its preview and its word count. With the live preview
    // off (long pages) it is refreshed after a pause in typing, not on every keystroke.
    let pending: ReturnType<typeof setTimeout> | undefined;
    instance.$on('change', (event: CustomEvent<{ value: string }>) => {
      const next = event.detail.value;
      clearTimeout(pending);
      if (live.current) instance.$set({ value: next });
      // Read again when the pause is over: ByteMD puts a value it is given that differs from CodeMirror's back into
      // CodeMirror, and a co-edited text may have changed meanwhile.
      else pending = setTimeout(() => instance.$set({ value: context.current?.editor.getValue() ?? next }), LONG_PAGE_SYNC_DELAY_MS);
      onChange.current(next);
    });
    editor.current = instance;
    return () => {
      clearTimeout(pending);
      instance.$destroy();
      editor.current = null;
      context.current = null;
      setCodeMirror(null);
    };
  }, [plugins]);

  // Co-editing: the binding fills CodeMirror with the shared text and keeps both in step. Undo (Ctrl+Z) takes back
  // this editor's own changes only, never a co-editor's.
  const { collab } = props;
  useEffect(() => {
    if (!codeMirror || !collab) return;
    const undo = new UndoManager(collab.text);
    const binding = new CodemirrorBinding(collab.text, codeMirror, collab.awareness, { yUndoManager: undo });
    codeMirror.clearHistory();
    return () => {
      binding.destroy();
      undo.destroy();
      collab.awareness.setLocalStateField('cursor', null);
    };
  }, [codeMirror, collab]);

  // A watcher cannot type, and ByteMD's formatting buttons (which change the text through CodeMirror) change nothing:
  // only the co-editors' changes, applied by the binding, reach the text.
  const readOnly = Boolean(props.readOnly);
  useEffect(() => {
    if (!codeMirror || !readOnly) return;
    const refuse = (_: unknown, change: { origin?: string; cancel(): void }) => {
      if (change.origin !== cmOrigin) change.cancel();
    };
    codeMirror.setOption('readOnly', true);
    codeMirror.on('beforeChange', refuse);
    return () => {
      codeMirror.off('beforeChange', refuse);
      codeMirror.setOption('readOnly', false);
    };
  }, [codeMirror, readOnly]);

  useEffect(() => {
    editor.current?.$set({ mode: props.livePreview ? 'auto' : 'tab' });
  }, [props.livePreview]);

  // A theme change redraws the preview with plugins of that theme (Mermaid's colours).
  useEffect(() => {
    if (theme === drawnTheme.current) return;
    drawnTheme.current = theme;
    editor.current?.$set({ plugins: [...markdownPlugins(theme), editorPlugin] });
  }, [theme, editorPlugin]);

  useImperativeHandle(
    ref,
    () => ({
      insert(text) {
        const cm = context.current?.editor;
        if (!cm) return;
        cm.replaceSelection(text);
        cm.focus();
      },
      replaceAll(text) {
        const cm = context.current?.editor;
        if (!cm) return;
        // Only the part that differs is replaced: in a co-edited page, the co-editors' cursors and the text
        // around the change stay where they are.
        const change = textChange(cm.getValue(), text);
        cm.replaceRange(change.text, cm.posFromIndex(change.start), cm.posFromIndex(change.end));
        cm.focus();
      },
      focus() {
        context.current?.editor.focus();
      },
    }),
    [],
  );

  return (
    <div>
      <p id={keyHintId} className={styles.keyHint} data-testid="editor-key-hint">
        {t('Tab indents the text. To leave the editor, press Esc, then Tab (or Shift+Tab).')}
      </p>
      <div ref={host} className={mergeClasses(styles.root, markdownBody.root)} data-testid="page-editor-markdown" />
    </div>
  );
});
