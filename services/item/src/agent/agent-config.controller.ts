import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type AgentConfig, AgentConfigSchema, type Incoming, parseParams, Subject } from '@quire/proto';
import { Handles } from '../handles';
import { AgentConfigService } from './agent-config.service';

@Controller()
export class AgentConfigController {
  constructor(private readonly agent: AgentConfigService) {}

  /** ShowDoc 3.9's AI assistant, which its client asks on every item: Quire has none. */
  @Handles(Subject.ItemAgentConfig)
  config(@Payload() message: Incoming<typeof Subject.ItemAgentConfig>): Promise<AgentConfig> {
    return this.agent.config(message.caller, parseParams(AgentConfigSchema, message.params));
  }
}
