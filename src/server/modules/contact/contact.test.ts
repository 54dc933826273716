import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/app.ts';
import { createUser } from '../../test/users.ts';
import { contactMessages } from './tables.ts';
import { contactMessage, sendContact } from './test-contact.ts';

const t = setupTestApp();

const valid = contactMessage;

describe('POST /api/contact', () => {
  it('stores the message and confirms it', async () => {
    const response = await sendContact(t, valid);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.insertedId).toMatch(/[0-9a-f-]{36}/);
    expect(body.message).toContain('Thank you');
    const rows = await t.db.select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Ada Shopper', email: 'ada@example.com', message: valid.reviewText });
  });

  it('answers every missing field with the spec message and stores nothing', async () => {
    const [{ n: before }] = await t.db.select({ n: count() }).from(contactMessages);
    const response = await t.app.inject({ method: 'POST', url: '/api/contact', payload: { name: '  ' } });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('VALIDATION');
    expect(error.fields).toEqual({
      name: 'This field is required',
      email: 'This field is required',
      phone: 'This field is required',
      subject: 'This field is required',
      reviewText: 'This field is required',
    });
    const [{ n: after }] = await t.db.select({ n: count() }).from(contactMessages);
    expect(after).toBe(before);
  });

  it('rejects a malformed e-mail and phone with clear messages', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...valid, email: 'not-an-email', phone: 'call me' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      email: 'Enter a valid e-mail address',
      phone: 'Enter a valid phone number',
    });
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION');
  });
});

describe('GET /api/contact', () => {
  it('lists the messages for admins only, newest first, paginated', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const vendor = await createUser(t, { role: 'vendor' });
    for (const subject of ['First', 'Second', 'Third']) {
      await sendContact(t, { ...valid, subject });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/contact' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/contact', headers: vendor.auth })).statusCode).toBe(403);

    const [{ n }] = await t.db.select({ n: count() }).from(contactMessages);
    const response = await t.app.inject({ method: 'GET', url: '/api/contact?page=1&limit=2', headers: admin.auth });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ total: n, page: 1, limit: 2, pages: Math.ceil(n / 2) });
    expect(body.items.map((m: { subject: string }) => m.subject)).toEqual(['Third', 'Second']);
    expect(body.items[0]).toEqual({
      _id: expect.any(String),
      name: 'Ada Shopper',
      email: 'ada@example.com',
      phone: valid.phone,
      subject: 'Third',
      message: valid.reviewText,
      createdAt: expect.any(String),
    });
  });
});
