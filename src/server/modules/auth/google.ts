import * as oidc from 'openid-client';
import type { Config } from '../../config.ts';

export type GoogleIdentity = {
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string;
};

/** What the browser keeps (in a signed cookie) between the start of the sign-in and Google's answer. */
export type GoogleFlowState = { verifier: string; state: string; nonce: string };

export const googleRedirectUri = (config: Config) => `${config.publicUrl}/api/auth/google/callback`;

/**
 * OpenID Connect authorization code + PKCE against the configured issuer (Google, or any OIDC server).
 * The issuer's metadata is discovered on first use and kept; a failed discovery is retried next time.
 */
export class GoogleSignIn {
  readonly #settings: NonNullable<Config['google']>;
  readonly #redirectUri: string;
  #configuration: Promise<oidc.Configuration> | undefined;

  constructor(config: Config) {
    if (!config.google) throw new Error('Google sign-in is not configured');
    this.#settings = config.google;
    this.#redirectUri = googleRedirectUri(config);
  }

  #discover(): Promise<oidc.Configuration> {
    if (!this.#configuration) {
      const issuer = new URL(this.#settings.issuer);
      this.#configuration = oidc
        .discovery(issuer, this.#settings.clientId, this.#settings.clientSecret, undefined, {
          // Only a local test issuer speaks plain HTTP.
          execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
        })
        .catch((error: unknown) => {
          this.#configuration = undefined;
          throw error;
        });
    }
    return this.#configuration;
  }

  /** The provider's sign-in page to send the popup to, and the checks to keep for the callback. */
  async start(): Promise<{ url: URL; flow: GoogleFlowState }> {
    const configuration = await this.#discover();
    const flow: GoogleFlowState = {
      verifier: oidc.randomPKCECodeVerifier(),
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
    };
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.#redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: 'S256',
      state: flow.state,
      nonce: flow.nonce,
      prompt: 'select_account',
    });
    return { url, flow };
  }

  /** Exchanges the code from the callback URL for the verified identity of the user. */
  async finish(callbackUrl: URL, flow: GoogleFlowState): Promise<GoogleIdentity> {
    const configuration = await this.#discover();
    const tokens = await oidc.authorizationCodeGrant(
      configuration,
      callbackUrl,
      { pkceCodeVerifier: flow.verifier, expectedState: flow.state, expectedNonce: flow.nonce, idTokenExpected: true },
      { redirect_uri: this.#redirectUri },
    );
    const claims = tokens.claims();
    if (!claims) throw new Error('The provider sent no ID token');
    let profile: Record<string, unknown> = claims;
    if (typeof claims.email !== 'string') {
      profile = { ...(await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub)), ...claims };
    }
    if (typeof profile.email !== 'string' || profile.email === '') {
      throw new Error('The provider did not share an e-mail address');
    }
    return {
      subject: claims.sub,
      email: profile.email,
      emailVerified: profile.email_verified === true,
      name: typeof profile.name === 'string' ? profile.name : '',
    };
  }
}
