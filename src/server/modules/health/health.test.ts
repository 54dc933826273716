import { describe, expect, it } from 'vitest';
import { createTestApp, setupTestApp } from '../../test/app.ts';

const t = setupTestApp();

describe('foundation routes', () => {
  it('GET /api/health reports the database up', async () => {
    const response = await t.app.inject('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('GET /api/category lists the 12 categories with id, category and label', async () => {
    const response = await t.app.inject('/api/category');
    expect(response.statusCode).toBe(200);
    const items = response.json();
    expect(items).toHaveLength(12);
    expect(items[0]).toEqual({ id: '1', _id: '1', category: 'milk', label: 'Milks and Dairies', unit: 'liter' });
    expect(items.map((c: { category: string }) => c.category)).toEqual([
      'milk',
      'vegetable',
      'fastFood',
      'baking',
      'fruit',
      'sweet',
      'snacks',
      'beverage',
      'regional',
      'bakery',
      'grains',
      'proteins',
    ]);
  });

  it('unknown API routes answer 404 in the error shape', async () => {
    const response = await t.app.inject('/api/does-not-exist');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No route GET /api/does-not-exist' } });
  });

  it('sends security headers with a strict Content-Security-Policy', async () => {
    const response = await t.app.inject('/api/health');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the OpenAPI document and its interactive reference at /api/docs', async () => {
    const doc = await t.app.inject('/api/docs/json');
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/health', '/api/category', '/api/contact', '/api/uploads']));
    // Each route's error responses come from the route table: declared, and implied by input, access and method (a write
    // may find the disk full: 507).
    const responses = (path: string, method: string) => Object.keys(doc.json().paths[path][method].responses);
    expect(responses('/api/carts/{id}', 'delete')).toEqual(['200', '400', '401', '403', '404', '429', '503', '507']);
    expect(
      doc.json().paths['/api/carts/{id}'].delete.responses['404'].content['application/json'].schema,
    ).toMatchObject({ properties: { error: { required: ['code', 'message'] } } });
    expect(responses('/api/health', 'get')).toEqual(['200', '503']);
    expect(doc.json().paths['/api/uploads'].post.requestBody.content['multipart/form-data'].schema).toMatchObject({
      properties: { image: { type: 'string', format: 'binary' } },
    });
    expect(paths).not.toContain('/api/auth/google/popup.js');
    const page = await t.app.inject('/api/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger');
  });
});

describe('Content-Security-Policy with Stripe', () => {
  it('allows Stripe Elements only when the Stripe provider is configured', async () => {
    const stripe = await createTestApp({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    });
    try {
      const csp = String((await stripe.app.inject('/api/health')).headers['content-security-policy']);
      expect(csp).toContain("script-src 'self' https://js.stripe.com");
      expect(csp).toContain('https://api.stripe.com');
    } finally {
      await stripe.close();
    }
    const sandboxCsp = String((await t.app.inject('/api/health')).headers['content-security-policy']);
    expect(sandboxCsp).not.toContain('stripe');
  });
});
