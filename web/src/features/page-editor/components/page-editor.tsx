import {
  Badge,
  Button,
  Field,
  Input,
  Menu,
  MenuButton,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Select,
  Spinner,
  SplitButton,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import {
  ArrowLeftRegular,
  AttachRegular,
  BracesRegular,
  DatabaseRegular,
  DocumentBulletListRegular,
  GlobeRegular,
  HistoryRegular,
  SaveRegular,
  TextBulletListSquareRegular,
} from '@fluentui/react-icons';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHistoryDialog } from '../../page-history/components/page-history-dialog';
import { useNavigate } from 'react-router-dom';
import { HeaderAction } from '../../../components/ui/header-action';
import { PageLayout } from '../../../components/ui/page-layout';
import { paths } from '../../../config/paths';
import { confirmAction, showAlert } from '../../../lib/alert';
import { showSuccess } from '../../../lib/toast';
import { ApiError } from '../../../lib/api-client';
import { decodeEntities } from '../../../lib/decode-entities';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useAttachments } from '../../page/api/get-attachments';
import { getPage } from '../../page/api/get-page';
import { savePage } from '../../page/api/save-page';
import { IMAGE_MIME_TYPES, uploadImage } from '../../page/api/upload-image';
import { useCatalogGroups } from '../api/get-catalog-groups';
import { getDefaultCatalog } from '../api/get-default-catalog';
import { useDrafts } from '../hooks/use-drafts';
import { usePreviewLimit } from '../hooks/use-preview-limit';
import { useLeaveGuard } from '../hooks/use-leave-guard';
import { useSaveShortcut } from '../hooks/use-save-shortcut';
import { useStickyOffsets } from '../hooks/use-sticky-offsets';
import { catalogOptions } from '../lib/catalog-options';
import { removeAllDrafts } from '../lib/drafts';
import { DEFAULT_SORT_NUMBER, MAX_UPLOAD_BYTES } from '../lib/limits';
import { apiDocTemplate, databaseDocTemplate, welcomeText } from '../lib/templates';
import { EditorAttachmentsDialog } from './editor-attachments-dialog';
import { type JsonTool, JsonToolDialog } from './json-tool-dialog';
import { MarkdownEditor, type MarkdownEditorHandle } from './markdown-editor';
import { SaveTemplateDialog } from './save-template-dialog';
import { TemplatesDialog } from './templates-dialog';

const useStyles = makeStyles({
  sheet: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    backgroundColor: tokens.colorNeutralBackground1,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
  },
  fields: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1.4fr) minmax(0, 160px)',
    gap: tokens.spacingHorizontalM,
    alignItems: 'start',
    '& > *': { minWidth: 0 },
  },
  control: { width: '100%', minWidth: 0 },
  fieldsMobile: { gridTemplateColumns: '1fr' },
  // The tools and Save stay in reach on a long page: the bar sticks under the app's header.
  toolbar: {
    position: 'sticky',
    top: 'var(--editor-header-height, 0px)',
    zIndex: 5,
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    alignItems: 'center',
    margin: `0 calc(-1 * ${tokens.spacingHorizontalL})`,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  // On a phone the tools are one row that scrolls sideways, not four rows covering the text.
  toolbarMobile: { flexWrap: 'nowrap', overflowX: 'auto', '& > *': { flexShrink: 0 } },
  badge: { marginLeft: tokens.spacingHorizontalXS },
  previewOff: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  state: { padding: tokens.spacingVerticalXXL, textAlign: 'center', color: tokens.colorNeutralForeground2 },
});

interface Loaded {
  content: string;
  title: string;
  catId: number;
  sNumber: number;
}

type DialogName = 'history' | 'templates' | 'saveTemplate' | 'attachments' | JsonTool | null;

export interface PageEditorProps {
  itemId: number;
  /** 0 for a new page. */
  pageId: number;
  /** `copy_page_id`: a new page starting as a copy of that one. */
  copyPageId: number;
}

/** SPEC §2 page editor: title, catalog, sort number, the Markdown editor and its tools. */
export function PageEditor({ itemId, pageId: routePageId, copyPageId }: PageEditorProps) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const mobile = useIsMobile();
  const navigate = useNavigate();

  const [pageId, setPageId] = useState(routePageId);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState<'network' | 'missing' | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [title, setTitle] = useState('');
  const [catId, setCatId] = useState(0);
  const [sNumber, setSNumber] = useState(String(DEFAULT_SORT_NUMBER));
  const [dialog, setDialog] = useState<DialogName>(null);
  const editor = useRef<MarkdownEditorHandle>(null);
  const sheet = useRef<HTMLDivElement>(null);
  const tools = useRef<HTMLDivElement>(null);
  const content = useRef('');
  const savedContent = useRef('');
  /** The text and title as loaded or last saved: anything else is unsaved and asked about before leaving. */
  const unchanged = useRef({ content: '', title: '' });
  const saving = useRef(false);
  /** The id a new page received on its first save: the route moving to it must not reload the page. */
  const created = useRef(0);

  const { livePreview, check: checkLength } = usePreviewLimit(`${itemId}_${routePageId}`);
  const drafts = useDrafts({ itemId, pageId, enabled: loaded !== null, read: () => content.current, saved: () => savedContent.current });
  const { data: catalogs } = useCatalogGroups(itemId);
  const { data: attachments } = useAttachments(pageId > 0 ? pageId : null);

  // Loads the page (or the copied page, or the welcome text) when the route names another page.
  useEffect(() => {
    if (routePageId > 0 && routePageId === created.current) return;
    let live = true;
    setPageId(routePageId);
    setLoaded(null);
    setFailed(null);
    const source = routePageId || copyPageId;
    const load = async (): Promise<Loaded> => {
      if (source > 0) {
        const page = await getPage(source);
        const pageTitle = decodeEntities(page.page_title);
        return {
          content: decodeEntities(page.page_content),
          title: routePageId > 0 ? pageTitle : t('{{title}} (copy)', { title: pageTitle }),
          catId: page.item_id === itemId ? page.cat_id : 0,
          sNumber: page.s_number,
        };
      }
      const defaultCat = await getDefaultCatalog(itemId).catch(() => 0);
      return { content: welcomeText(i18n.language), title: '', catId: defaultCat, sNumber: DEFAULT_SORT_NUMBER };
    };
    load().then(
      (page) => {
        if (!live) return;
        content.current = page.content;
        savedContent.current = routePageId > 0 ? page.content : '';
        unchanged.current = { content: page.content, title: page.title };
        checkLength(page.content.length);
        setTitle(page.title);
        setCatId(page.catId);
        setSNumber(String(page.sNumber || DEFAULT_SORT_NUMBER));
        setLoaded(page);
      },
      (error: unknown) => {
        if (live) setFailed(error instanceof ApiError && error.network ? 'network' : 'missing');
      },
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reloads only when the route names another page (the language and `t` are read at that moment)
  }, [itemId, routePageId, copyPageId, attempt]);

  // A draft left by an earlier visit is offered once (SPEC §4); either answer discards it.
  useEffect(() => {
    if (!loaded) return;
    const draft = drafts.takeDraft();
    if (!draft || draft === loaded.content) return;
    void confirmAction(t('A draft of this page was kept in this browser. Restore it into the editor?')).then((ok) => {
      if (ok) editor.current?.replaceAll(draft);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when a page has just loaded (not when `drafts` or `t` change identity)
  }, [loaded]);

  const onChange = useCallback(
    (value: string) => {
      content.current = value;
      checkLength(value.length);
    },
    [checkLength],
  );

  const latest = useRef({ title, catId, sNumber, pageId });
  latest.current = { title, catId, sNumber, pageId };

  const save = useCallback(async () => {
    if (saving.current || !loaded) return;
    const current = latest.current;
    if (!current.title.trim()) {
      await showAlert(t('Please enter a title'));
      return;
    }
    saving.current = true;
    const text = content.current;
    try {
      const row = await savePage({
        pageId: current.pageId,
        itemId,
        catId: current.catId,
        sNumber: Number(current.sNumber) || DEFAULT_SORT_NUMBER,
        title: current.title.trim(),
        content: text,
      });
      savedContent.current = text;
      unchanged.current = { content: text, title: current.title };
      drafts.forget();
      showSuccess(t('Saved'));
      if (current.pageId === 0) {
        // SPEC §4: the route moves to the new page (replacing the /0 entry in the history).
        created.current = row.page_id;
        setPageId(row.page_id);
        void navigate(paths.pageEdit.getHref(itemId, row.page_id), { replace: true });
      }
    } catch (error) {
      // The API client has shown the server's message (no edit right, archived item, empty content);
      // it only logs network failures, but an unsaved page deserves a word (the draft keeps the text).
      if (error instanceof ApiError && error.network) await showAlert(error.message);
    } finally {
      saving.current = false;
    }
  }, [drafts, itemId, loaded, navigate, t]);

  useSaveShortcut(() => void save());
  useStickyOffsets(sheet, tools, loaded !== null);
  useLeaveGuard(
    (next) =>
      loaded !== null &&
      // The route moving to a page just created is the editor's own move, even if typing went on during the save.
      !(created.current > 0 && next === paths.pageEdit.getHref(itemId, created.current)) &&
      (content.current !== unchanged.current.content || latest.current.title !== unchanged.current.title),
  );

  const onFiles = useCallback(
    async (files: File[]) => {
      for (const file of files) {
        if (!IMAGE_MIME_TYPES.includes(file.type)) {
          await showAlert(t('Only images can be pasted into a page (jpg, jpeg, gif, png, bmp or webp). Use the attachments for other files.'));
          editor.current?.focus();
          continue;
        }
        if (file.size >= MAX_UPLOAD_BYTES) {
          await showAlert(t('The image is too large: pasted images must be under 4 MB.'));
          editor.current?.focus();
          continue;
        }
        try {
          const url = await uploadImage(file, { itemId, pageId: latest.current.pageId });
          editor.current?.insert(`![${file.name || 'image'}](${url})`);
        } catch (error) {
          await showAlert(t('Image upload failed: {{reason}}', { reason: error instanceof Error ? error.message : String(error) }));
          editor.current?.focus();
        }
      }
    },
    [itemId, t],
  );

  const insert = (text: string) => {
    setDialog(null);
    editor.current?.insert(text);
  };

  const deleteDrafts = async () => {
    if (!(await confirmAction(t('Delete all the drafts kept in this browser?')))) return;
    const count = removeAllDrafts();
    showSuccess(t('Drafts deleted: {{count}}', { count }));
  };

  const back = () => navigate(paths.itemView.getHref(itemId, pageId || undefined));

  let body;
  if (failed) {
    body = (
      <div className={styles.state} role="status" data-testid="editor-load-failed">
        <p>{failed === 'network' ? t('The page could not be loaded. Check your connection.') : t('This page does not exist or has been deleted.')}</p>
        {failed === 'network' && <Button onClick={() => setAttempt((n) => n + 1)}>{t('Retry')}</Button>}
      </div>
    );
  } else if (!loaded) {
    body = <Spinner label={t('Loading…')} />;
  } else {
    const options = catalogOptions(catalogs);
    body = (
      <>
        <div className={mergeClasses(styles.fields, mobile && styles.fieldsMobile)}>
          <Field label={t('Title')}>
            <Input className={styles.control} name="page_title" value={title} onChange={(_, d) => setTitle(d.value)} placeholder={t('Page title')} />
          </Field>
          <Field label={t('Catalog')}>
            <Select className={styles.control} name="cat_id" value={String(catId)} onChange={(_, d) => setCatId(Number(d.value) || 0)}>
              <option value="0">{t('No catalog (top level)')}</option>
              {options.map((option) => (
                <option key={option.catId} value={String(option.catId)}>
                  {option.label}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('Sort number')} hint={mobile ? undefined : t('Smaller comes first')}>
            <Input className={styles.control} name="s_number" type="number" value={sNumber} onChange={(_, d) => setSNumber(d.value)} />
          </Field>
        </div>
        <div ref={tools} className={mergeClasses(styles.toolbar, mobile && styles.toolbarMobile)} role="toolbar" aria-label={t('Editor tools')} data-testid="editor-toolbar">
          <Menu positioning="below-start">
            <MenuTrigger disableButtonEnhancement>
              {(triggerProps) => (
                <SplitButton
                  appearance="primary"
                  icon={<SaveRegular />}
                  menuButton={{ ...triggerProps, 'aria-label': t('More save options') }}
                  primaryActionButton={{ onClick: () => void save() }}
                >
                  {t('Save')}
                </SplitButton>
              )}
            </MenuTrigger>
            <MenuPopover>
              <MenuList>
                <MenuItem onClick={() => setDialog('saveTemplate')}>{t('Save as template')}</MenuItem>
                <MenuItem onClick={() => void deleteDrafts()}>{t('Delete all drafts')}</MenuItem>
              </MenuList>
            </MenuPopover>
          </Menu>
          <Button icon={<HistoryRegular />} onClick={() => setDialog('history')}>
            {t('History versions')}
          </Button>
          <Button icon={<DocumentBulletListRegular />} onClick={() => insert(apiDocTemplate(i18n.language))}>
            {t('API doc template')}
          </Button>
          <Button icon={<DatabaseRegular />} onClick={() => insert(databaseDocTemplate(i18n.language))}>
            {t('Database doc template')}
          </Button>
          <Button icon={<TextBulletListSquareRegular />} onClick={() => setDialog('templates')}>
            {t('More templates')}
          </Button>
          <Menu>
            <MenuTrigger disableButtonEnhancement>
              <MenuButton icon={<BracesRegular />}>{t('JSON tools')}</MenuButton>
            </MenuTrigger>
            <MenuPopover>
              <MenuList>
                <MenuItem onClick={() => setDialog('table')}>{t('JSON to table')}</MenuItem>
                <MenuItem onClick={() => setDialog('beautify')}>{t('Beautify JSON')}</MenuItem>
              </MenuList>
            </MenuPopover>
          </Menu>
          <Button icon={<GlobeRegular />} onClick={() => window.open(paths.httpTest.getHref(), '_blank')}>
            {t('HTTP API test')}
          </Button>
          <Button icon={<AttachRegular />} onClick={() => setDialog('attachments')}>
            {t('Attachments')}
            <Badge data-testid="attachments-count" size="small" appearance="tint" className={styles.badge}>
              {attachments?.length ?? 0}
            </Badge>
          </Button>
          {!livePreview && (
            <span className={styles.previewOff} data-testid="preview-off">
              {t('Live preview off (long page)')}
            </span>
          )}
        </div>
        <MarkdownEditor ref={editor} initialValue={loaded.content} onChange={onChange} livePreview={livePreview} language={i18n.language} onFiles={(files) => void onFiles(files)} />
      </>
    );
  }

  return (
    <PageLayout width="full" title={pageId > 0 ? t('Edit page') : t('New page')} actions={<HeaderAction icon={<ArrowLeftRegular />} label={t('Back')} onClick={back} />}>
      <div ref={sheet} className={styles.sheet} data-testid="page-editor">
        {body}
      </div>
      {dialog === 'history' && (
        <PageHistoryDialog
          pageId={pageId}
          onClose={() => setDialog(null)}
          onRestore={(version) => {
            setDialog(null);
            editor.current?.replaceAll(version.page_content);
          }}
        />
      )}
      {dialog === 'templates' && <TemplatesDialog onInsert={insert} onClose={() => setDialog(null)} />}
      {dialog === 'saveTemplate' && <SaveTemplateDialog initialTitle={title} content={content.current} onClose={() => setDialog(null)} />}
      {(dialog === 'table' || dialog === 'beautify') && <JsonToolDialog tool={dialog} onInsert={insert} onClose={() => setDialog(null)} />}
      {dialog === 'attachments' && <EditorAttachmentsDialog itemId={itemId} pageId={pageId} onInsert={insert} onClose={() => setDialog(null)} />}
    </PageLayout>
  );
}
