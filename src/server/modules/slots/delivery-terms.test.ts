import { beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryTerms } from '#contract/delivery-terms.ts';
import { handoverText } from '#contract/delivery-terms-text.ts';
import type { FulfilmentSettingsInput } from '#contract/slots.ts';
import { setupTestApp } from '../../test/app.ts';
import { setupUser, type TestUser } from '../../test/users.ts';
import { PORTLAND_DELIVERY, SATURDAY_MARKET, ZONE } from '../checkout/fulfilment-fixtures.ts';

const t = setupTestApp();
const farm = setupUser(t, { role: 'vendor' });
const bakery = setupUser(t, { role: 'vendor' });
const dairy = setupUser(t, { role: 'vendor' });
setupUser(t, { role: 'vendor' }); // a shop that has set up neither pickup nor delivery

async function offer(vendor: TestUser, settings: Omit<FulfilmentSettingsInput, 'timeZone'>) {
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/shops/${vendor.id}/fulfilment`,
    headers: vendor.auth,
    payload: { timeZone: ZONE, ...settings },
  });
  expect(response.statusCode, response.body).toBe(200);
}

const terms = async (): Promise<DeliveryTerms> => {
  const response = await t.app.inject({ url: '/api/delivery-terms' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('GET /api/delivery-terms', () => {
  it('says nothing is offered before any shop has set up pickup or delivery', async () => {
    expect(await terms()).toEqual({
      shops: 0,
      pickupShops: 0,
      deliveryShops: 0,
      fee: null,
      freeOver: null,
      minimumOrder: null,
    });
  });

  describe('once shops have', () => {
    beforeAll(async () => {
      await offer(farm, { pickupPoints: [SATURDAY_MARKET], delivery: PORTLAND_DELIVERY });
      await offer(bakery, { pickupPoints: [SATURDAY_MARKET] });
      await offer(dairy, { delivery: { ...PORTLAND_DELIVERY, fee: 3.5, freeOver: null, minimumOrder: 0 } });
    });

    it('counts the shops offering each and gives the delivery fees, thresholds and minimums as they are set', async () => {
      expect(await terms()).toEqual({
        shops: 3,
        pickupShops: 2,
        deliveryShops: 2,
        fee: { min: 3.5, max: 6.5 },
        freeOver: { min: 60, max: 60, shops: 1 },
        minimumOrder: { min: 0, max: 25 },
      });
      expect(handoverText(await terms())).toBe(
        'Free pickup at 2 of 3 shops · delivery from $3.50 at 2 of 3 shops, free over $60 at some',
      );
    });

    it('follows a shop that stops delivering', async () => {
      await offer(dairy, { pickupPoints: [SATURDAY_MARKET] });
      expect(handoverText(await terms())).toBe('Free pickup · delivery from $6.50 at 1 of 3 shops, free over $60');
    });
  });
});
