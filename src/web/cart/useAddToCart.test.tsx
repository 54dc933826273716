import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CartItem } from '#contract/cart.ts';
import { CartLink } from '../layout/CartLink.tsx';
import { CUSTOMER, renderPage } from '../test/render.tsx';
import { useAddToCart } from './useAddToCart.ts';

const PRODUCT = { _id: '00000000-0000-4000-9000-000000000001', productName: 'Heirloom Carrots' };
const LINE: CartItem = {
  _id: '00000000-0000-4000-8000-000000000001',
  productId: PRODUCT._id,
  email: CUSTOMER.email,
  image: '/uploads/p1.webp',
  name: PRODUCT.productName,
  spendMoney: 3.5,
  amount: 1,
  price: 3.5,
  shopName: 'Vera Farm',
  shopId: '00000000-0000-4000-8000-000000000009',
  stock: 10,
  unit: 'piece',
  available: true,
  unavailableReason: null,
};

function AddButton() {
  const addToCart = useAddToCart();
  return (
    <button type="button" onClick={() => addToCart.add(PRODUCT)}>
      Add to Cart
    </button>
  );
}

describe('adding to the cart', () => {
  it("counts the item even when the cart's first read was on its way and answered without it", async () => {
    // As on a page a shopper taps right after it loaded: the badge's first read of the cart leaves, the add goes
    // out and is done, and only then does the server's answer to that first read (made before the add) arrive.
    let added = false;
    let addDone = () => {};
    const addAnswered = new Promise<void>((resolve) => {
      addDone = resolve;
    });
    let firstRead = true;
    const { requests } = renderPage(
      <>
        <CartLink />
        <AddButton />
      </>,
      {
        user: CUSTOMER,
        routes: {
          'GET /api/carts': async () => {
            const body = added ? [LINE] : [];
            if (firstRead) {
              firstRead = false;
              await addAnswered;
            }
            return { body };
          },
          'POST /api/carts': () => {
            added = true;
            setTimeout(addDone, 50);
            return { status: 201, body: LINE };
          },
        },
      },
    );
    await waitFor(() =>
      expect(requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toContain('GET /api/carts'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByRole('link', { name: 'Cart, 1 item' })).toBeTruthy();
  });
});
