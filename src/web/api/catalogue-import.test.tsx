import { afterEach, describe, expect, it } from 'vitest';
import { rememberedMapping, rememberMapping } from './catalogue-import.ts';

afterEach(() => localStorage.clear());

describe('the column mapping remembered per shop', () => {
  it('gives back a shop’s choices for the headers the next file has, and nothing of another shop’s', () => {
    rememberMapping('shop-a', { sku: 'Item code', price: 'Prix', stock: null, name: 'Title' });
    expect(rememberedMapping('shop-a', ['Item code', 'Prix', 'Description'])).toEqual({
      sku: 'Item code',
      price: 'Prix',
      stock: null,
    });
    expect(rememberedMapping('shop-b', ['Item code', 'Prix'])).toEqual({});
  });

  it('reads a damaged entry as none', () => {
    localStorage.setItem('farmstall:catalogue-columns:shop-a', '{not json');
    expect(rememberedMapping('shop-a', ['SKU'])).toEqual({});
  });
});
