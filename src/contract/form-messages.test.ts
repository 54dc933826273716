import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES, signUpForm } from './auth.ts';
import { OPTION_DRAWS_NEEDED, OPTION_LABEL_TAKEN, PRICE_TOO_HIGH, productInput } from './products.ts';

/** What a form shows under each field: the resolver the pages use, with react-hook-form's defaults. */
async function shown(schema: typeof signUpForm | typeof productInput, values: Record<string, unknown>) {
  const resolver = zodResolver(schema as typeof productInput) as unknown as Resolver;
  const result = await resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  const errors = result.errors as FieldErrors;
  return Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error?.message]));
}

const signUp = (password: unknown) =>
  shown(signUpForm, { name: 'Ann', email: 'ann@example.com', password, image: { length: 1 } });

describe('the bounded rules still show the spec messages in the forms', () => {
  it('sign-up password: required, too short, too long, then the character rule, as before', async () => {
    expect(await signUp('')).toEqual({ password: PASSWORD_MESSAGES.required });
    expect(await signUp('Ab#1')).toEqual({ password: PASSWORD_MESSAGES.min });
    expect(await signUp('abc')).toEqual({ password: PASSWORD_MESSAGES.min });
    expect(await signUp('Abcdef#12345678901234')).toEqual({ password: PASSWORD_MESSAGES.max });
    expect(await signUp('weakpassword')).toEqual({ password: PASSWORD_MESSAGES.pattern });
    expect(await signUp('NoDigits#here')).toEqual({ password: PASSWORD_MESSAGES.pattern });
    expect(await signUp('Ab#123')).toEqual({});
    expect(await signUp('x'.repeat(1_000_000))).toEqual({ password: PASSWORD_MESSAGES.max });
  });

  it('add product: the cost and the computed price say their cap', async () => {
    const product = {
      productName: 'Melon',
      productDetails: 'Sweet',
      productQuantity: 3,
      productionCost: 10,
      profitMargin: 20,
      productManufacturingDate: '2026-01-01',
      productExpireDate: '2026-02-01',
      productImage: '/uploads/melon.webp',
      productCategory: 'fruit',
    };
    const form = productInput;
    expect(await shown(form, product)).toEqual({});
    expect(await shown(form, { ...product, productionCost: 100_000.01 })).toEqual({
      productionCost: 'At most $100,000',
    });
    expect(await shown(form, { ...product, productionCost: 90_000, profitMargin: 20 })).toEqual({
      profitMargin: PRICE_TOO_HIGH,
    });
    expect(await shown(form, { ...product, productionCost: 50_000, profitMargin: 100 })).toEqual({});
    expect(await shown(form, { ...product, productManufacturingDate: '2026-01-01'.repeat(1000) })).toEqual({
      productManufacturingDate: 'Use a date like 2026-05-31',
    });
  });

  it('add product with sizes: what the sizes lack shows with every other field’s message, on the first submit', async () => {
    const eggs = {
      productName: '',
      productDetails: 'Laid this week',
      productQuantity: 60,
      stockShared: true,
      productManufacturingDate: '2026-01-01',
      productExpireDate: '2026-02-01',
      productImage: '/uploads/eggs.webp',
      productCategory: 'dairy',
      options: [
        { label: 'Half dozen', productPrice: 3.5, draws: 6 },
        { label: 'Half dozen', productPrice: 6.5 },
      ],
    };
    const messages = await shown(productInput, eggs);
    expect(messages.productName).toBeTruthy();
    const resolver = zodResolver(productInput as typeof productInput) as unknown as Resolver;
    const options = (await resolver(eggs, undefined, { fields: {}, shouldUseNativeValidation: false })) as unknown as {
      errors: { options?: { draws?: { message?: string }; label?: { message?: string } }[] };
    };
    expect(options.errors.options?.[1]?.draws?.message).toBe(OPTION_DRAWS_NEEDED);
    expect(options.errors.options?.[1]?.label?.message).toBe(OPTION_LABEL_TAKEN);
  });
});
