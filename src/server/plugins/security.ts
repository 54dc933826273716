import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Security headers with a strict Content-Security-Policy: no inline or foreign script can read the stored token. */
export const securityPlugin = fp(
  async (app: FastifyInstance) => {
    const imageHosts = app.config.s3?.publicUrl ? [new URL(app.config.s3.publicUrl).origin] : [];
    // Stripe Elements loads its script and card frames from Stripe and talks to its API.
    const stripe = app.config.payments.provider === 'stripe';
    const stripeScripts = stripe ? ['https://js.stripe.com'] : [];
    const stripeFrames = stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : [];
    const stripeApi = stripe ? ['https://api.stripe.com'] : [];
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...stripeScripts],
          // Carousels, charts and toasts set style attributes at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...imageHosts],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...stripeApi],
          frameSrc: ["'self'", ...stripeFrames],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
        },
      },
      crossOriginEmbedderPolicy: false,
      // The Google sign-in popup reports back to its opener.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
  },
  { name: 'security', dependencies: ['errors'] },
);
