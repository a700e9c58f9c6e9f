import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type Collection, DocumentStore } from '@quire/platform';
import type { TemplateEntity } from './template.entity';

/** The `templates` collection. */
@Injectable()
export class TemplateRepository implements OnModuleInit {
  private readonly templates: Collection<TemplateEntity>;

  constructor(private readonly store: DocumentStore) {
    this.templates = store.collection<TemplateEntity>('templates');
  }

  async onModuleInit(): Promise<void> {
    await this.templates.ensureIndex({ field: 'id', unique: true });
    await this.templates.ensureIndex({ field: 'uid' });
  }

  async create(template: Omit<TemplateEntity, 'id'>): Promise<TemplateEntity> {
    const id = await this.store.nextId('template_id');
    return this.templates.insertOne({ id, ...template });
  }

  /** Newest first. */
  ofUser(uid: number): Promise<TemplateEntity[]> {
    return this.templates.find({ uid }, { sort: { addtime: -1, id: -1 } });
  }

  /** The text of every template that matches the pattern. */
  async contentsMatching(pattern: RegExp): Promise<string[]> {
    return (await this.templates.find({ template_content: { $regex: pattern } }, { fields: ['template_content'] })).map((t) => t.template_content);
  }

  /** Deletes the template only when it is the user's. */
  deleteOwn(uid: number, id: number): Promise<number> {
    return this.templates.deleteOne({ uid, id });
  }
}
