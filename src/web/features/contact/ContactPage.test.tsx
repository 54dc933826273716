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

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('contact page', () => {
  it('names every missing field and sends nothing', async () => {
    const { requests } = renderPage(<ContactPage />, { routes: {} });
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(screen.getAllByText('This field is required')).toHaveLength(5));
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
    expect(requests).toEqual([]);
  });

  it('sends the message and empties the form', async () => {
    const sent: unknown[] = [];
    renderPage(<ContactPage />, {
      routes: {
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
});
