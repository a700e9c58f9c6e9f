import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  DeleteTemplateSchema,
  type Message,
  parseParams,
  SaveTemplateSchema,
  Subject,
  type TemplateListEntry,
  type TemplateRow,
} from '@quire/proto';
import { TemplateService } from './template.service';

@Controller()
export class TemplateController {
  constructor(private readonly templates: TemplateService) {}

  @MessagePattern(Subject.PageTemplateList)
  list(@Payload() message: Message): Promise<TemplateListEntry[]> {
    return this.templates.list(message.caller);
  }

  @MessagePattern(Subject.PageTemplateSave)
  save(@Payload() message: Message): Promise<TemplateRow> {
    return this.templates.save(message.caller, parseParams(SaveTemplateSchema, message.params));
  }

  @MessagePattern(Subject.PageTemplateDelete)
  delete(@Payload() message: Message): Promise<1> {
    return this.templates.delete(message.caller, parseParams(DeleteTemplateSchema, message.params));
  }
}
