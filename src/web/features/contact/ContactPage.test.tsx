import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render.tsx';
import { ContactPage } from './ContactPage.tsx';

const message = {
  name: 'Ada Shopper',
  email: 'ada@example.com',
  phone: '+1 555 010 2030',
  subject: 'Delivery times',
  reviewText: 'When do you deliver to Kent?',
};

const details = {
  address: '12 Harbour Road, Cork T12 X5R2, Ireland',
  phone: '+353 21 555 0199',
  email: 'help@shop.example',
  hours: '8:00 - 17:00, Mon - Fri',
};

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('contact page', () => {
  it('names every missing field and sends nothing', async () => {
    const { requests } = renderPage(<ContactPage />, { routes: { 'GET /api/contact/details': details } });
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(screen.getAllByText('This field is required')).toHaveLength(5));
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
    expect(requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('sends the message and empties the form', async () => {
    const sent: unknown[] = [];
    renderPage(<ContactPage />, {
      routes: {
        'GET /api/contact/details': details,
        'POST /api/contact': async (request: Request) => {
          sent.push(await request.json());
          return { status: 201, body: { insertedId: 'x', message: 'Thank you!' } };
        },
      },
    });
    await userEvent.type(field('Name'), message.name);
    await userEvent.type(field('Email'), message.email);
    await userEvent.type(field('Phone'), message.phone);
    await userEvent.type(field('Subject'), message.subject);
    await userEvent.type(field('Message'), message.reviewText);
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(sent).toEqual([message]));
    await waitFor(() => expect(field('Name').value).toBe(''));
  });

  it("shows the office's details as the server is configured: phone and e-mail as links", async () => {
    renderPage(<ContactPage />, { routes: { 'GET /api/contact/details': details } });
    const office = await screen.findByRole('region', { name: 'Our office' });
    await waitFor(() => expect(office.textContent).toContain(details.address));
    expect(office.textContent).toContain(details.hours);
    expect(screen.getByRole('link', { name: details.phone }).getAttribute('href')).toBe('tel:+353215550199');
    expect(screen.getByRole('link', { name: details.email }).getAttribute('href')).toBe(`mailto:${details.email}`);
  });
});
