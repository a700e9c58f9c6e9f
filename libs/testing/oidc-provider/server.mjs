// A real OpenID Connect provider (the `oidc-provider` package) for tests, run as its own process by
// libs/testing's startOidcProvider. Its accounts and client come from the environment; any password signs an
// account in (the package's development login form), and consent is asked and given through its own form.
import Provider from 'oidc-provider';

const { OIDC_PORT, OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_REDIRECT_URIS, OIDC_ACCOUNTS } = process.env;
const accounts = JSON.parse(OIDC_ACCOUNTS ?? '{}');

const provider = new Provider(OIDC_ISSUER, {
  clients: [
    {
      client_id: OIDC_CLIENT_ID,
      client_secret: OIDC_CLIENT_SECRET,
      redirect_uris: OIDC_REDIRECT_URIS.split(','),
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ],
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
  findAccount: (_ctx, id) => (accounts[id] ? { accountId: id, claims: () => ({ sub: id, ...accounts[id] }) } : undefined),
  pkce: { required: () => true },
  features: { devInteractions: { enabled: true } },
  cookies: { keys: ['quire-test-provider'] },
});
provider.proxy = true;
provider.listen(Number(OIDC_PORT), '127.0.0.1', () => console.log(`oidc-provider listening on ${OIDC_ISSUER}`));
