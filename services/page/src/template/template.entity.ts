/** A personal page template (contract §9.9). Stored raw. */
export interface TemplateEntity {
  id: number;
  uid: number;
  username: string;
  template_title: string;
  template_content: string;
  addtime: number;
}
