import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { AddCommentSchema, type AddedComment, type CommentList, DeleteCommentSchema, type Incoming, ListCommentsSchema, parseParams, Subject } from '@quire/proto';
import { Handles } from '../../handles';
import { CommentService } from './comment.service';

@Controller()
export class CommentController {
  constructor(private readonly comments: CommentService) {}

  @Handles(Subject.PageCommentAdd)
  add(@Payload() message: Incoming<typeof Subject.PageCommentAdd>): Promise<AddedComment> {
    return this.comments.add(message.caller, parseParams(AddCommentSchema, message.params));
  }

  @Handles(Subject.PageCommentList)
  list(@Payload() message: Incoming<typeof Subject.PageCommentList>): Promise<CommentList> {
    return this.comments.list(message.caller, parseParams(ListCommentsSchema, message.params));
  }

  @Handles(Subject.PageCommentDelete)
  delete(@Payload() message: Incoming<typeof Subject.PageCommentDelete>): Promise<1> {
    return this.comments.delete(message.caller, parseParams(DeleteCommentSchema, message.params));
  }
}
