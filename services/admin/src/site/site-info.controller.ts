import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type Incoming, type PublicSquareState, QUIRE_VERSION, type SiteVersion, Subject } from '@quire/proto';
import { Handles } from '../handles';

/**
 * What ShowDoc 3.9's web client asks of the site on its screens: the version its "about" box shows
 * (Quire's own, `v`-prefixed as ShowDoc writes its own) and whether the public square is on (Quire has none).
 */
@Controller()
export class SiteInfoController {
  @Handles(Subject.AdminSiteVersion)
  version(@Payload() _message: Incoming<typeof Subject.AdminSiteVersion>): SiteVersion {
    return { version: `v${QUIRE_VERSION}` };
  }

  @Handles(Subject.AdminSitePublicSquare)
  publicSquare(@Payload() _message: Incoming<typeof Subject.AdminSitePublicSquare>): PublicSquareState {
    return { enable: 0 };
  }
}
