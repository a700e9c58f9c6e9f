import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { DeleteTemplateSchema, type Incoming, type MyTemplateEntry, parseParams, SaveTemplateSchema, Subject, type TemplateListEntry, type TemplateRow } from '@quire/proto';
import { Handles } from '../handles';
import { TemplateService } from './template.service';

@Controller()
export class TemplateController {
  constructor(private readonly templates: TemplateService) {}

  @Handles(Subject.PageTemplateList)
  list(@Payload() message: Incoming<typeof Subject.PageTemplateList>): Promise<TemplateListEntry[]> {
    return this.templates.list(message.caller);
  }

  @Handles(Subject.PageTemplateMyList)
  myList(@Payload() message: Incoming<typeof Subject.PageTemplateMyList>): Promise<MyTemplateEntry[]> {
    return this.templates.myList(message.caller);
  }

  @Handles(Subject.PageTemplateSave)
  save(@Payload() message: Incoming<typeof Subject.PageTemplateSave>): Promise<TemplateRow> {
    return this.templates.save(message.caller, parseParams(SaveTemplateSchema, message.params));
  }

  @Handles(Subject.PageTemplateDelete)
  delete(@Payload() message: Incoming<typeof Subject.PageTemplateDelete>): Promise<1> {
    return this.templates.delete(message.caller, parseParams(DeleteTemplateSchema, message.params));
  }
}
