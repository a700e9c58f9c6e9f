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
  LockClosedRegular,
  SaveRegular,
  TextBulletListSquareRegular,
} from '@fluentui/react-icons';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHistoryDialog } from '../../page-history/components/page-history-dialog';
import { useNavigate } from 'react-router-dom';
import { ErrorView } from '../../../components/ui/error-view';
import { HeaderAction } from '../../../components/ui/header-action';
import { PageLayout } from '../../../components/ui/page-layout';
import { RouterButton } from '../../../components/ui/router-link';
import { currentLocation, paths } from '../../../config/paths';
import { confirmAction, showAlert } from '../../../lib/alert';
import { showSuccess } from '../../../lib/toast';
import { ApiError } from '../../../lib/api-client';
import { decodeEntities } from '../../../lib/decode-entities';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useUserInfo } from '../../auth/api/get-user-info';
import { useAttachments } from '../../page/api/get-attachments';
import { getPage } from '../../page/api/get-page';
import { savePage } from '../../page/api/save-page';
import { IMAGE_MIME_TYPES, uploadImage } from '../../page/api/upload-image';
import { useCatalogGroups } from '../api/get-catalog-groups';
import { getDefaultCatalog } from '../api/get-default-catalog';
import { useCollabSession } from '../hooks/use-collab-session';
import { useDrafts } from '../hooks/use-drafts';
import { usePreviewLimit } from '../hooks/use-preview-limit';
import { useLeaveGuard } from '../hooks/use-leave-guard';
import { useSaveShortcut } from '../hooks/use-save-shortcut';
import { useStickyOffsets } from '../hooks/use-sticky-offsets';
import { catalogOptions } from '../lib/catalog-options';
import { collabUser } from '../lib/collab-colors';
import { removeAllDrafts } from '../lib/drafts';
import { DEFAULT_SORT_NUMBER, MAX_UPLOAD_BYTES } from '../lib/limits';
import { apiDocTemplate, databaseDocTemplate, welcomeText } from '../lib/templates';
import { CollabPresence } from './collab-presence';
import { EditNotAllowed } from './edit-not-allowed';
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
  // The tools and Save (and, co-editing, who is in the page) stay in reach on a long page: they stick under the app's header.
  tools: {
    position: 'sticky',
    top: 'var(--editor-header-height, 0px)',
    zIndex: 5,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    margin: `0 calc(-1 * ${tokens.spacingHorizontalL})`,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  toolbar: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    alignItems: 'center',
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
  /** An existing page opened by its route: edited live with whoever else is in it (issue 18). */
  collab: boolean;
}

/** The page as stored (as loaded, then after each save by anyone): what is "saved" for the leave guard and drafts. */
async function storedPage(pageId: number) {
  const page = await getPage(pageId);
  return { content: decodeEntities(page.page_content), title: decodeEntities(page.page_title) };
}

type DialogName = 'history' | 'templates' | 'saveTemplate' | 'attachments' | JsonTool | null;

export interface PageEditorProps {
  itemId: number;
  /** 0 for a new page. */
  pageId: number;
  /** `copy_page_id`: a new page starting as a copy of that one. */
  copyPageId: number;
  /** A member without the edit right: an existing page opens to watch it being edited, nothing more. */
  watchOnly?: boolean;
}

/** SPEC §2 page editor: title, catalog, sort number, the Markdown editor and its tools. */
export function PageEditor({ itemId, pageId: routePageId, copyPageId, watchOnly = false }: PageEditorProps) {
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
  const { data: catalogs } = useCatalogGroups(itemId);
  const { data: attachments } = useAttachments(pageId > 0 ? pageId : null);

  // Co-editing an existing page: the shared document holds the text and the fields; new pages stay single-user.
  const { data: me } = useUserInfo();
  const self = useMemo(() => (me ? collabUser(me) : null), [me]);
  const live = useCollabSession(loaded?.collab ? pageId : 0, self, { noAnswer: t('The save got no answer. Check your connection and try again.') });
  const collab = loaded?.collab ? live.document : null;
  const readOnly = Boolean(loaded?.collab) && (watchOnly || live.readOnly);
  /** The editor can show the text: at once for a new page, after the first sync for a co-edited one. */
  const ready = loaded !== null && (!loaded.collab || (live.synced && collab !== null));
  // A watcher types nothing: the co-editors' unsaved text is theirs to keep.
  const drafts = useDrafts({ itemId, pageId, enabled: loaded !== null && !readOnly, read: () => content.current, saved: () => savedContent.current });

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
          collab: routePageId > 0,
        };
      }
      const defaultCat = await getDefaultCatalog(itemId).catch(() => 0);
      return { content: welcomeText(i18n.language), title: '', catId: defaultCat, sNumber: DEFAULT_SORT_NUMBER, collab: false };
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

  // A draft left by an earlier visit is offered once (SPEC §4); either answer discards it. A co-edited page offers
  // it once synced, unless the shared text already holds it.
  useEffect(() => {
    if (!ready || !loaded || readOnly) return;
    const draft = drafts.takeDraft();
    const current = collab ? collab.text.toJSON() : loaded.content;
    if (!draft || draft === current) return;
    void confirmAction(t('A draft of this page was kept in this browser. Restore it into the editor?')).then((ok) => {
      if (ok) editor.current?.replaceAll(draft);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when a page has just become editable (not when `drafts` or `t` change identity)
  }, [ready, loaded]);

  // The title, catalog and sort number of a co-edited page live in the shared document's fields: they show what the
  // server filled in and every co-editor's change; this editor's changes go there (setField).
  useEffect(() => {
    if (!ready || !collab) return;
    const apply = () => {
      const fields = collab.meta;
      const title = fields.get('page_title');
      const cat = fields.get('cat_id');
      const sort = fields.get('s_number');
      if (typeof title === 'string') setTitle(title);
      if (typeof cat === 'number') setCatId(cat);
      if (typeof sort === 'number') setSNumber((current) => (Number(current) === sort && current.trim() !== '' ? current : String(sort)));
    };
    apply();
    const onChange = (event: { transaction: { local: boolean } }) => {
      if (!event.transaction.local) apply();
    };
    collab.meta.observe(onChange);
    return () => collab.meta.unobserve(onChange);
  }, [ready, collab]);

  const setField = (name: 'page_title' | 'cat_id' | 's_number', value: string | number) => {
    if (collab && !readOnly) collab.meta.set(name, value);
  };

  // A save by anyone (Ctrl+S here or in another editor, the server's quiet-period save, a save from outside the
  // editor) changes what is stored: the leave guard and the drafts compare with that. This editor's own save is
  // also told by the usual toast.
  useEffect(() => {
    if ((live.save.kind !== 'saved' && live.save.kind !== 'conflict') || !loaded?.collab) return;
    let current = true;
    if (live.save.kind === 'saved' && live.save.mine) {
      drafts.forget();
      showSuccess(t('Saved'));
    }
    storedPage(pageId).then(
      (stored) => {
        if (!current) return;
        savedContent.current = stored.content;
        unchanged.current = stored;
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per save notice
  }, [live.save]);

  const onChange = useCallback(
    (value: string) => {
      content.current = value;
      checkLength(value.length);
    },
    [checkLength],
  );

  const latest = useRef({ title, catId, sNumber, pageId });
  latest.current = { title, catId, sNumber, pageId };

  const requestLiveSave = live.requestSave;
  const save = useCallback(async () => {
    if (saving.current || !loaded) return;
    const current = latest.current;
    if (loaded.collab && readOnly) return;
    if (!current.title.trim()) {
      await showAlert(t('Please enter a title'));
      return;
    }
    if (loaded.collab) {
      // The server writes the page as the shared document holds it, and tells every editor.
      requestLiveSave();
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
  }, [drafts, itemId, loaded, navigate, readOnly, requestLiveSave, t]);

  useSaveShortcut(() => void save());
  useStickyOffsets(sheet, tools, ready);
  useLeaveGuard((next) => {
    if (loaded === null) return false;
    // Co-editing: what the server has is kept in the shared page and written by it; only changes that have not
    // reached it (typed offline) would be lost.
    if (loaded.collab) return live.hasUnsentChanges();
    return (
      // The route moving to a page just created is the editor's own move, even if typing went on during the save.
      !(created.current > 0 && next === paths.pageEdit.getHref(itemId, created.current)) &&
      (content.current !== unchanged.current.content || latest.current.title !== unchanged.current.title)
    );
  });

  const onFiles = useCallback(
    async (files: File[]) => {
      if (readOnly) return;
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
    [itemId, readOnly, t],
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
  } else if (loaded?.collab && live.status === 'signed-out') {
    body = (
      <ErrorView
        testId="collab-signed-out"
        icon={<LockClosedRegular />}
        title={t('Your session has ended')}
        message={t('You were logged out while the editor was open, so it stopped. Log in again to go on editing this page.')}
        actions={
          <>
            <RouterButton to={paths.login.getHref(currentLocation())} appearance="primary">
              {t('Log in')}
            </RouterButton>
            <RouterButton to={paths.itemView.getHref(itemId, pageId)}>{t('Back to the page')}</RouterButton>
          </>
        }
      />
    );
  } else if (loaded?.collab && live.status === 'refused' && watchOnly) {
    // Not even watching: as the route says to a visitor without the edit right.
    body = <EditNotAllowed reason="read-only" backHref={paths.itemView.getHref(itemId, pageId)} />;
  } else if (loaded?.collab && live.status === 'refused') {
    body = (
      <ErrorView
        testId="collab-refused"
        icon={<LockClosedRegular />}
        title={t('The live editor did not let you in')}
        message={t('You may no longer have access to this page, or your session has ended. Reload to try again.')}
        actions={
          <>
            <RouterButton to={paths.itemView.getHref(itemId, pageId)} appearance="primary">
              {t('Back to the page')}
            </RouterButton>
            <Button onClick={() => window.location.reload()}>{t('Reload')}</Button>
          </>
        }
      />
    );
  } else if (loaded?.collab && !ready && live.status === 'unreachable') {
    body = (
      <ErrorView
        testId="collab-unreachable"
        icon={<Spinner size="medium" />}
        title={t('The live editor cannot be reached')}
        message={t('Check your connection, or log in again if your session has ended. The editor keeps trying and opens as soon as it connects.')}
        actions={
          <Button appearance="primary" onClick={() => window.location.reload()}>
            {t('Reload')}
          </Button>
        }
      />
    );
  } else if (!loaded || !ready) {
    body = <Spinner label={loaded ? t('Joining the live editor…') : t('Loading…')} data-testid={loaded ? 'collab-connecting' : undefined} />;
  } else {
    const options = catalogOptions(catalogs);
    body = (
      <>
        <div className={mergeClasses(styles.fields, mobile && styles.fieldsMobile)}>
          <Field label={t('Title')}>
            <Input
              className={styles.control}
              name="page_title"
              value={title}
              readOnly={readOnly}
              onChange={(_, d) => {
                setTitle(d.value);
                setField('page_title', d.value);
              }}
              placeholder={t('Page title')}
            />
          </Field>
          <Field label={t('Catalog')}>
            <Select
              className={styles.control}
              name="cat_id"
              value={String(catId)}
              disabled={readOnly}
              onChange={(_, d) => {
                const next = Number(d.value) || 0;
                setCatId(next);
                setField('cat_id', next);
              }}
            >
              <option value="0">{t('No catalog (top level)')}</option>
              {options.map((option) => (
                <option key={option.catId} value={String(option.catId)}>
                  {option.label}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('Sort number')} hint={mobile ? undefined : t('Smaller comes first')}>
            <Input
              className={styles.control}
              name="s_number"
              type="number"
              value={sNumber}
              readOnly={readOnly}
              onChange={(_, d) => {
                setSNumber(d.value);
                // A field being cleared to type another number is not shared until it holds one.
                if (d.value.trim() !== '' && Number.isFinite(Number(d.value))) setField('s_number', Math.trunc(Number(d.value)));
              }}
            />
          </Field>
        </div>
        <div ref={tools} className={styles.tools}>
          {loaded.collab && <CollabPresence peers={live.peers} status={live.status} readOnly={readOnly} save={live.save} />}
          <div className={mergeClasses(styles.toolbar, mobile && styles.toolbarMobile)} role="toolbar" aria-label={t('Editor tools')} data-testid="editor-toolbar">
            {readOnly ? (
              <Button icon={<HistoryRegular />} onClick={() => setDialog('history')}>
                {t('History versions')}
              </Button>
            ) : (
              <>
                <Menu positioning="below-start">
                  <MenuTrigger disableButtonEnhancement>
                    {(triggerProps) => (
                      <SplitButton
                        appearance="primary"
                        icon={live.save.kind === 'saving' && loaded.collab ? <Spinner size="extra-tiny" /> : <SaveRegular />}
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
              </>
            )}
            {!livePreview && (
              <span className={styles.previewOff} data-testid="preview-off">
                {t('Live preview off (long page)')}
              </span>
            )}
          </div>
        </div>
        <MarkdownEditor
          ref={editor}
          initialValue={collab ? collab.text.toJSON() : loaded.content}
          onChange={onChange}
          livePreview={livePreview}
          language={i18n.language}
          onFiles={(files) => void onFiles(files)}
          collab={collab ?? undefined}
          readOnly={readOnly}
        />
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
          onRestore={
            readOnly
              ? undefined
              : (version) => {
                  setDialog(null);
                  editor.current?.replaceAll(version.page_content);
                }
          }
        />
      )}
      {dialog === 'templates' && <TemplatesDialog onInsert={insert} onClose={() => setDialog(null)} />}
      {dialog === 'saveTemplate' && <SaveTemplateDialog initialTitle={title} content={content.current} onClose={() => setDialog(null)} />}
      {(dialog === 'table' || dialog === 'beautify') && <JsonToolDialog tool={dialog} onInsert={insert} onClose={() => setDialog(null)} />}
      {dialog === 'attachments' && <EditorAttachmentsDialog itemId={itemId} pageId={pageId} onInsert={insert} onClose={() => setDialog(null)} />}
    </PageLayout>
  );
}
