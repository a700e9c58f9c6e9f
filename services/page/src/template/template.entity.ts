import type { TemplateRow } from '@quire/proto';

/** A personal page template (contract §9.9): the document `template/save` shows, stored raw. */
export type TemplateEntity = TemplateRow;
