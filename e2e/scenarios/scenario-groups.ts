import { describeWith } from '@quire/testing';
import type { SystemTarget } from '../src/system-target';
import { describeApiExport } from './api-export.scenario';
import { type ApiImportTargets, describeApiImport } from './api-import.scenario';
import { type ApiResyncTargets, describeApiResync } from './api-resync.scenario';
import { describeCommentsFlow } from './comments.scenario';
import { describeContentFlow } from './content.scenario';
import { describeCrossSite } from './cross-site.scenario';
import { describeDelivery } from './delivery.scenario';
import { describeLdapDirectory } from './ldap-directory.scenario';
import { describeMarkdownImport } from './markdown-import.scenario';
import { describeMcpServer } from './mcp.scenario';
import { describeOidc } from './oidc.scenario';
import { describePersonalTokens } from './personal-tokens.scenario';
import { describeShareLinks } from './share-links.scenario';
import { describeShowdocImport } from './showdoc-import.scenario';
import { describeTwoFactor } from './two-factor.scenario';

/**
 * The scenarios that share one started system in each mode (e2e/embedded and e2e/distributed
 * `content-scenarios` and `sign-in-scenarios`): each makes its own users and items, as a team's work shares a site,
 * and starting a system per scenario cost more than most scenarios run. Order matters where a scenario counts
 * site-wide things or changes site settings.
 */

/** What the content scenarios reach: the system, the API documents' servers, the system's job queue. */
export interface ContentScenarioTargets {
  system: () => SystemTarget;
  resync: Omit<ApiResyncTargets, 'system'>;
  import: Omit<ApiImportTargets, 'system'>;
}

/**
 * Content: the re-sync counts every URL source of the site, so it runs before the import adds its own. The system
 * allows both document servers through HTTP_PROXY_ALLOW_HOSTS and a high RATE_LIMIT_PER_MINUTE (the scenarios fail
 * logins and guesses on purpose: together they pass the default 30 failures a minute).
 */
export function describeContentScenarios(targets: ContentScenarioTargets): void {
  const { system } = targets;
  describe('API description re-sync', () => describeApiResync({ system, ...targets.resync }));
  describe('API description import', () => describeApiImport({ system, ...targets.import }));
  describe('OpenAPI export', () => describeApiExport(system));
  describe('content', () => describeContentFlow(system));
  describe('share links', () => describeShareLinks(system));
  describe('page comments', () => describeCommentsFlow(system));
  describe('MCP server', () => describeMcpServer(system));
  describe('Markdown zip import', () => describeMarkdownImport(system));
  describe('delivery: compression and revalidation', () => describeDelivery(system));
  describe('cross-site writes', () => describeCrossSite(system));
}

/**
 * Sign-in and accounts, on a system with PUBLIC_URL=OIDC_PUBLIC_URL, HTTP_PROXY_ALLOW_HOSTS=127.0.0.1 (the test's
 * OpenID provider) and a high RATE_LIMIT_PER_MINUTE. Each puts back the settings it changes, except LDAP, which runs last.
 */
export function describeSignInScenarios(system: () => SystemTarget): void {
  describe('personal API tokens', () => describePersonalTokens(system));
  describe('two-factor sign-in', () => describeTwoFactor(system));
  describe('OpenID Connect sign-on', () => describeOidc(system));
  describe('ShowDoc import', () => describeShowdocImport(system));
  describeWith({ binary: 'slapd' }, 'LDAP over TLS with groups and linked accounts, with a real slapd', () => describeLdapDirectory(system));
}
