import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Stripe's test payment methods the stand-in knows, as Stripe.js sends them after reading the card. */
const TEST_METHODS: Record<string, { brand: string; last4: string; decline?: { code: string; message: string } }> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_chargeDeclined: {
    brand: 'visa',
    last4: '0002',
    decline: { code: 'card_declined', message: 'Your card was declined.' },
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    decline: { code: 'card_declined', message: 'Your card has insufficient funds.' },
  },
};

/**
 * Stripe's test payment methods for saving a card (SetupIntents) and charging it off-session: 3155 must be
 * authenticated to save; 3184 saves, and every off-session charge asks for authentication; 0341 saves, and every
 * charge is declined; an expired card's charges are declined as expired.
 */
const SAVING_METHODS: Record<
  string,
  {
    brand: string;
    last4: string;
    expYear: number;
    authenticateSetup?: true;
    offSession?: { code: string; message: string };
  }
> = {
  pm_card_visa: { brand: 'visa', last4: '4242', expYear: 2099 },
  pm_card_authenticationRequiredOnSetup: { brand: 'visa', last4: '3155', expYear: 2099, authenticateSetup: true },
  pm_card_authenticationRequired: {
    brand: 'visa',
    last4: '3184',
    expYear: 2099,
    offSession: {
      code: 'authentication_required',
      message: 'Your card was declined. This transaction requires authentication.',
    },
  },
  pm_card_chargeCustomerFail: {
    brand: 'visa',
    last4: '0341',
    expYear: 2099,
    offSession: { code: 'card_declined', message: 'Your card was declined.' },
  },
  pm_card_expired: {
    brand: 'visa',
    last4: '4242',
    expYear: 2020,
    offSession: { code: 'expired_card', message: 'Your card has expired.' },
  },
};

type SetupIntent = {
  id: string;
  object: 'setup_intent';
  customer: string;
  usage: string;
  status: string;
  client_secret: string;
  payment_method: string | null;
  last_setup_error: { code: string; message: string; type: 'card_error' } | null;
  metadata: Record<string, string>;
  livemode: false;
  created: number;
};

type Charge = {
  id: string;
  object: 'charge';
  amount: number;
  /** What was charged of the amount: all of it, or (manual capture) what was captured; 0 while only authorized. */
  amount_captured: number;
  captured: boolean;
  amount_refunded: number;
  refunded: boolean;
  status: 'succeeded';
  payment_intent: string;
  payment_method_details: { type: 'card'; card: { brand: string; last4: string } };
};

type Intent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  /** What can still be captured (manual capture, while requires_capture), and what was received. */
  amount_capturable: number;
  amount_received: number;
  capture_method: 'automatic' | 'manual';
  currency: string;
  status: string;
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  latest_charge: string | null;
  last_payment_error: { code: string; message: string; type: 'card_error' } | null;
  livemode: false;
  /** Unix seconds, as Stripe counts them. */
  created: number;
};

type Refund = {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  metadata: Record<string, string>;
  created: number;
};

type Account = {
  id: string;
  object: 'account';
  type: 'express';
  email: string | null;
  details_submitted: boolean;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  capabilities: { transfers: 'inactive' | 'active' };
  metadata: Record<string, string>;
};

type Transfer = {
  id: string;
  object: 'transfer';
  amount: number;
  amount_reversed: number;
  currency: string;
  destination: string;
  source_transaction: string;
  metadata: Record<string, string>;
  reversed: boolean;
  created: number;
};

export type StripeStandIn = {
  /** e.g. http://127.0.0.1:54321, for STRIPE_API_BASE. */
  url: string;
  secretKey: string;
  intents: Map<string, Intent>;
  /** Every refund made, in order (a replayed idempotent request adds nothing). */
  refunds: { id: string; payment_intent: string; amount: number }[];
  /** Idempotency keys of the refund requests that reached the stand-in, replays included. */
  refundRequestKeys: (string | null)[];
  /** The next `count` refund requests fail with a Stripe API error (HTTP 500, not retried by the SDK). */
  failNextRefunds: (count: number) => void;
  /** Every capture made (a replayed idempotent request adds nothing). */
  captures: { payment_intent: string; amount: number }[];
  /** The next `count` capture requests fail with a Stripe API error (HTTP 500, not retried by the SDK). */
  failNextCaptures: (count: number) => void;
  /** Connect: the Express accounts made, by id. */
  accounts: Map<string, Account>;
  /** Every account link made (its account and return URL). */
  accountLinks: { account: string; return_url: string; url: string }[];
  /** Every transfer made (a replayed idempotent request adds nothing), with what was reversed of it. */
  transfers: Transfer[];
  /** Every reversal made. */
  reversals: { id: string; transfer: string; amount: number }[];
  /** The next `count` transfer requests fail with a Stripe API error (HTTP 500, not retried by the SDK). */
  failNextTransfers: (count: number) => void;
  /**
   * What the shop does on Stripe's hosted onboarding: the account can now be paid out. Answers the account.updated
   * event Stripe sends, as JSON, for the test to sign and post to the webhook.
   */
  completeOnboarding: (accountId: string) => string;
  /** What the browser does with Stripe.js: confirm the intent with a test payment method. */
  confirm: (intentId: string, paymentMethod: keyof typeof TEST_METHODS) => Intent;
  /** Customers made, by id. */
  customers: Map<string, { id: string; email: string | null; metadata: Record<string, string> }>;
  /** SetupIntents made, by id. */
  setupIntents: Map<string, SetupIntent>;
  /**
   * What Stripe.js confirmCardSetup does: save a test payment method (SAVING_METHODS, or a declining one of
   * TEST_METHODS, which is refused); a card that must be authenticated leaves it requires_action.
   */
  confirmSetup: (setupIntentId: string, paymentMethod: string) => SetupIntent;
  /** The bank's authentication page, completed or failed. */
  authenticateSetup: (setupIntentId: string, approve: boolean) => SetupIntent;
  close: () => Promise<void>;
};

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * One page of a Stripe list, newest first (`items` are kept oldest first): created[gte|gt|lte|lt], limit (10 by
 * default, at most 100) and starting_after, answered as { object: 'list', data, has_more, url }.
 */
function listPage<T extends { id: string; created: number }>(
  items: T[],
  query: URLSearchParams,
  url: string,
  view: (item: T) => object = (item) => item,
): Result {
  const bound = (name: string) => (query.has(`created[${name}]`) ? Number(query.get(`created[${name}]`)) : null);
  const [gte, gt, lte, lt] = ['gte', 'gt', 'lte', 'lt'].map(bound);
  const limit = Number(query.get('limit') ?? 10);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
    return {
      status: 400,
      body: {
        error: { type: 'invalid_request_error', message: 'Invalid integer: limit', code: 'parameter_invalid_integer' },
      },
    };
  }
  let newestFirst = [...items]
    .reverse()
    .filter(
      (item) =>
        (gte === null || item.created >= gte) &&
        (gt === null || item.created > gt) &&
        (lte === null || item.created <= lte) &&
        (lt === null || item.created < lt),
    );
  const after = query.get('starting_after');
  if (after) newestFirst = newestFirst.slice(newestFirst.findIndex((item) => item.id === after) + 1);
  return {
    status: 200,
    body: { object: 'list', url, has_more: newestFirst.length > limit, data: newestFirst.slice(0, limit).map(view) },
  };
}

/** Reads Stripe's form encoding, including metadata[key]=value and expand[]=field. */
function parseForm(text: string) {
  const params = new URLSearchParams(text);
  const fields: Record<string, string> = {};
  const metadata: Record<string, string> = {};
  const expand: string[] = [];
  for (const [key, value] of params) {
    const meta = /^metadata\[(.+)\]$/.exec(key);
    if (meta) metadata[meta[1]] = value;
    else if (/^expand\[\d*\]$/.test(key)) expand.push(value);
    else fields[key] = value;
  }
  return { fields, metadata, expand };
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

type Result = { status: number; body: object; headers?: Record<string, string> };

/**
 * A local HTTP server that answers the Stripe API calls Farmstall makes (create, retrieve, confirm, cancel
 * a PaymentIntent, or create one confirmed off-session with a saved card; create a customer, a SetupIntent and read it
 * back with its card; capture one made with capture_method=manual; create a full or partial refund; Connect: create and
 * retrieve an Express account, an onboarding link, a transfer from a charge and its reversals; list payment intents,
 * refunds and transfers by creation time, page by page) the way Stripe does, so tests run the real SDK without
 * the internet. Like Stripe, a POST with an Idempotency-Key that was already used answers the first result
 * again, and the same key with other parameters is an idempotency error.
 */
export async function startStripeStandIn(secretKey = `sk_test_${randomBytes(8).toString('hex')}`) {
  const intents = new Map<string, Intent>();
  const charges = new Map<string, Charge>();
  const refunds: StripeStandIn['refunds'] = [];
  const refundObjects: Refund[] = [];
  const refundRequestKeys: (string | null)[] = [];
  const idempotent = new Map<string, { request: string; result: Result }>();
  let failingRefunds = 0;
  const captures: StripeStandIn['captures'] = [];
  let failingCaptures = 0;
  const accounts = new Map<string, Account>();
  const accountLinks: StripeStandIn['accountLinks'] = [];
  const transfers: Transfer[] = [];
  const reversals: StripeStandIn['reversals'] = [];
  let failingTransfers = 0;
  const customers: StripeStandIn['customers'] = new Map();
  const setupIntents = new Map<string, SetupIntent>();
  /** Saved payment methods ('pm_…' ids made by a SetupIntent) and the test method and customer each stands for. */
  const savedMethods = new Map<string, { method: string; customer: string }>();

  const error = (status: number, type: string, message: string, code?: string) => ({
    status,
    body: { error: { type, message, ...(code ? { code } : {}) } },
  });
  const missing = (id: string) =>
    error(404, 'invalid_signatureerror', `No such payment_intent: '${id}'`, 'resource_missing');

  function view(intent: Intent, expand: string[]) {
    if (expand.includes('latest_charge') && intent.latest_charge) {
      return { ...intent, latest_charge: charges.get(intent.latest_charge) ?? null };
    }
    return intent;
  }

  function confirm(intentId: string, paymentMethod: string): Intent {
    const intent = intents.get(intentId);
    if (!intent) throw Object.assign(new Error('missing'), { response: missing(intentId) });
    const method = TEST_METHODS[paymentMethod];
    if (!method) {
      throw Object.assign(new Error('bad method'), {
        response: error(400, 'invalid_signatureerror', `No such PaymentMethod: '${paymentMethod}'`, 'resource_missing'),
      });
    }
    if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation') {
      throw Object.assign(new Error('state'), {
        response: error(
          400,
          'invalid_signatureerror',
          `This PaymentIntent's status is ${intent.status}.`,
          'payment_intent_unexpected_state',
        ),
      });
    }
    if (method.decline) {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { ...method.decline, type: 'card_error' };
      throw Object.assign(new Error('declined'), {
        response: error(402, 'card_error', method.decline.message, method.decline.code),
      });
    }
    const manual = intent.capture_method === 'manual';
    const charge: Charge = {
      id: newId('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: manual ? 0 : intent.amount,
      captured: !manual,
      amount_refunded: 0,
      refunded: false,
      status: 'succeeded',
      payment_intent: intent.id,
      payment_method_details: { type: 'card', card: { brand: method.brand, last4: method.last4 } },
    };
    charges.set(charge.id, charge);
    intent.status = manual ? 'requires_capture' : 'succeeded';
    intent.amount_capturable = manual ? intent.amount : 0;
    intent.amount_received = manual ? 0 : intent.amount;
    intent.latest_charge = charge.id;
    intent.last_payment_error = null;
    return intent;
  }

  /** Stripe's capture of an authorized intent: once, at most the capturable amount; the rest is released. */
  function capture(intent: Intent, fields: Record<string, string>, expand: string[]): Result {
    if (intent.status !== 'requires_capture') {
      return error(
        400,
        'invalid_request_error',
        `This PaymentIntent could not be captured because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
        'payment_intent_unexpected_state',
      );
    }
    if (failingCaptures > 0) {
      failingCaptures -= 1;
      return { ...error(500, 'api_error', 'An unknown error occurred'), headers: { 'stripe-should-retry': 'false' } };
    }
    const amount = fields.amount_to_capture === undefined ? intent.amount_capturable : Number(fields.amount_to_capture);
    if (!Number.isInteger(amount) || amount < 1) {
      return error(400, 'invalid_request_error', 'Invalid positive integer', 'parameter_invalid_integer');
    }
    if (amount > intent.amount_capturable) {
      return error(
        400,
        'invalid_request_error',
        `The amount to capture (${amount}) cannot be greater than the amount capturable (${intent.amount_capturable}).`,
        'amount_too_large',
      );
    }
    const charge = charges.get(intent.latest_charge ?? '') as Charge;
    charge.amount_captured = amount;
    charge.captured = true;
    intent.status = 'succeeded';
    intent.amount_received = amount;
    intent.amount_capturable = 0;
    captures.push({ payment_intent: intent.id, amount });
    return { status: 200, body: view(intent, expand) };
  }

  const cardError = (code: string, message: string) => error(402, 'card_error', message, code);

  function confirmSetup(setupIntentId: string, paymentMethod: string): SetupIntent {
    const intent = setupIntents.get(setupIntentId);
    if (!intent) throw new Error(`No such setupintent: ${setupIntentId}`);
    const saving = SAVING_METHODS[paymentMethod];
    const refused = TEST_METHODS[paymentMethod]?.decline;
    if (!saving) {
      const why = refused ?? { code: 'resource_missing', message: `No such PaymentMethod: '${paymentMethod}'` };
      intent.status = 'requires_payment_method';
      intent.last_setup_error = { ...why, type: 'card_error' };
      return intent;
    }
    const id = newId('pm');
    savedMethods.set(id, { method: paymentMethod, customer: intent.customer });
    intent.payment_method = id;
    intent.status = saving.authenticateSetup ? 'requires_action' : 'succeeded';
    intent.last_setup_error = null;
    return intent;
  }

  function authenticateSetup(setupIntentId: string, approve: boolean): SetupIntent {
    const intent = setupIntents.get(setupIntentId);
    if (!intent || intent.status !== 'requires_action') throw new Error(`Nothing to authenticate: ${setupIntentId}`);
    if (approve) intent.status = 'succeeded';
    else {
      intent.status = 'requires_payment_method';
      intent.payment_method = null;
      intent.last_setup_error = {
        code: 'setup_intent_authentication_failure',
        message:
          'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
        type: 'card_error',
      };
    }
    return intent;
  }

  function viewSetup(intent: SetupIntent, expand: string[]) {
    const saved = intent.payment_method ? savedMethods.get(intent.payment_method) : undefined;
    if (!expand.includes('payment_method') || !saved || !intent.payment_method) return intent;
    const card = SAVING_METHODS[saved.method];
    return {
      ...intent,
      payment_method: {
        id: intent.payment_method,
        object: 'payment_method',
        type: 'card',
        customer: saved.customer,
        card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: card.expYear },
      },
    };
  }

  /** Stripe's PaymentIntent made and confirmed at once with a saved card, the customer not there (off_session). */
  function chargeSaved(intent: Intent, fields: Record<string, string>): Result {
    const saved = savedMethods.get(fields.payment_method ?? '');
    if (!saved || saved.customer !== fields.customer) {
      return error(
        400,
        'invalid_request_error',
        `The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again.`,
        'resource_missing',
      );
    }
    const card = SAVING_METHODS[saved.method];
    intents.set(intent.id, intent);
    if (card.offSession) {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { ...card.offSession, type: 'card_error' };
      return {
        status: 402,
        body: { error: { ...card.offSession, type: 'card_error', payment_intent: intent } },
      };
    }
    const manual = intent.capture_method === 'manual';
    const charge: Charge = {
      id: newId('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: manual ? 0 : intent.amount,
      captured: !manual,
      amount_refunded: 0,
      refunded: false,
      status: 'succeeded',
      payment_intent: intent.id,
      payment_method_details: { type: 'card', card: { brand: card.brand, last4: card.last4 } },
    };
    charges.set(charge.id, charge);
    intent.status = manual ? 'requires_capture' : 'succeeded';
    intent.amount_capturable = manual ? intent.amount : 0;
    intent.amount_received = manual ? 0 : intent.amount;
    intent.latest_charge = charge.id;
    return { status: 200, body: view(intent, ['latest_charge']) };
  }

  function handleSetup(method: string, path: string, form: ReturnType<typeof parseForm>, expand: string[]) {
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: newId('cus'), email: form.fields.email ?? null, metadata: form.metadata };
      customers.set(customer.id, customer);
      return { status: 200, body: { ...customer, object: 'customer' } };
    }
    if (method === 'POST' && path === '/v1/setup_intents') {
      if (!customers.has(form.fields.customer ?? '')) {
        return error(400, 'invalid_request_error', `No such customer: '${form.fields.customer}'`, 'resource_missing');
      }
      const id = newId('seti');
      const intent: SetupIntent = {
        id,
        object: 'setup_intent',
        customer: form.fields.customer ?? '',
        usage: form.fields.usage ?? 'off_session',
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
        payment_method: null,
        last_setup_error: null,
        metadata: form.metadata,
        livemode: false,
        created: nowSeconds(),
      };
      setupIntents.set(id, intent);
      return { status: 200, body: intent };
    }
    const match = /^\/v1\/setup_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && match) {
      const intent = setupIntents.get(match[1]);
      return intent
        ? { status: 200, body: viewSetup(intent, expand) }
        : error(404, 'invalid_request_error', `No such setupintent: '${match[1]}'`, 'resource_missing');
    }
    return null;
  }

  function handle(method: string, path: string, query: URLSearchParams, body: string) {
    const form = parseForm(body);
    const expand = [...form.expand, ...[...query].filter(([key]) => /^expand\[\d*\]$/.test(key)).map(([, v]) => v)];
    const setup = handleSetup(method, path, form, expand);
    if (setup) return setup;
    if (method === 'POST' && path === '/v1/payment_intents') {
      const amount = Number(form.fields.amount);
      if (!Number.isInteger(amount) || amount < 50) {
        return error(400, 'invalid_signatureerror', 'Amount must be at least $0.50 usd', 'amount_too_small');
      }
      const id = newId('pi');
      const captureMethod = form.fields.capture_method ?? 'automatic';
      if (captureMethod !== 'automatic' && captureMethod !== 'manual') {
        return error(400, 'invalid_request_error', 'Invalid capture_method', 'parameter_invalid_empty');
      }
      const intent: Intent = {
        id,
        object: 'payment_intent',
        amount,
        amount_capturable: 0,
        amount_received: 0,
        capture_method: captureMethod,
        currency: form.fields.currency ?? 'usd',
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
        description: form.fields.description ?? null,
        metadata: form.metadata,
        latest_charge: null,
        last_payment_error: null,
        livemode: false,
        created: nowSeconds(),
      };
      if (form.fields.confirm === 'true' && form.fields.off_session === 'true') return chargeSaved(intent, form.fields);
      intents.set(id, intent);
      return { status: 200, body: intent };
    }
    if (method === 'GET' && path === '/v1/payment_intents') {
      const expandCharge = expand.includes('data.latest_charge');
      return listPage([...intents.values()], query, path, (intent) =>
        expandCharge ? view(intent, ['latest_charge']) : intent,
      );
    }
    if (method === 'GET' && path === '/v1/refunds') return listPage(refundObjects, query, path);
    if (method === 'GET' && path === '/v1/transfers') return listPage(transfers, query, path);
    const match = /^\/v1\/payment_intents\/([^/]+)(\/confirm|\/cancel|\/capture)?$/.exec(path);
    if (match) {
      const intent = intents.get(match[1]);
      if (!intent) return missing(match[1]);
      if (method === 'GET' && !match[2]) return { status: 200, body: view(intent, expand) };
      if (method === 'POST' && match[2] === '/confirm') {
        try {
          return { status: 200, body: view(confirm(intent.id, form.fields.payment_method ?? ''), expand) };
        } catch (failure) {
          return (failure as { response: { status: number; body: object } }).response;
        }
      }
      if (method === 'POST' && match[2] === '/cancel') {
        if (intent.status === 'succeeded') {
          return error(
            400,
            'invalid_signatureerror',
            'You cannot cancel this PaymentIntent because it has a status of succeeded.',
            'payment_intent_unexpected_state',
          );
        }
        intent.status = 'canceled';
        intent.amount_capturable = 0;
        return { status: 200, body: intent };
      }
      if (method === 'POST' && match[2] === '/capture') return capture(intent, form.fields, expand);
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(form.fields.payment_intent ?? '');
      const charge = intent?.latest_charge ? charges.get(intent.latest_charge) : undefined;
      if (!intent || !charge) return missing(form.fields.payment_intent ?? '');
      if (failingRefunds > 0) {
        failingRefunds -= 1;
        return { ...error(500, 'api_error', 'An unknown error occurred'), headers: { 'stripe-should-retry': 'false' } };
      }
      if (!charge.captured) {
        return error(
          400,
          'invalid_request_error',
          `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
          'charge_not_refundable',
        );
      }
      const unrefunded = charge.amount_captured - charge.amount_refunded;
      if (charge.refunded || unrefunded === 0) {
        return error(
          400,
          'invalid_signatureerror',
          `Charge ${charge.id} has already been refunded.`,
          'charge_already_refunded',
        );
      }
      const amount = form.fields.amount === undefined ? unrefunded : Number(form.fields.amount);
      if (!Number.isInteger(amount) || amount < 1) {
        return error(400, 'invalid_signatureerror', 'Invalid positive integer', 'parameter_invalid_integer');
      }
      if (amount > unrefunded) {
        return error(
          400,
          'invalid_signatureerror',
          `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(unrefunded)})`,
          'amount_too_large',
        );
      }
      charge.amount_refunded += amount;
      charge.refunded = charge.amount_refunded === charge.amount_captured;
      const refund: Refund = {
        id: newId('re'),
        object: 'refund',
        amount,
        charge: charge.id,
        currency: intent.currency,
        payment_intent: intent.id,
        status: 'succeeded',
        metadata: form.metadata,
        created: nowSeconds(),
      };
      refunds.push({ id: refund.id, payment_intent: intent.id, amount });
      refundObjects.push(refund);
      return { status: 200, body: refund };
    }
    const connect = handleConnect(method, path, form.fields, form.metadata);
    if (connect) return connect;
    return error(404, 'invalid_signatureerror', `Unrecognized request URL (${method}: ${path}).`);
  }

  /** Connect: Express accounts, onboarding links, transfers from a charge and their reversals, as Stripe answers. */
  function handleConnect(
    method: string,
    path: string,
    fields: Record<string, string>,
    metadata: Record<string, string>,
  ): Result | null {
    if (method === 'POST' && path === '/v1/accounts') {
      if (fields.type !== 'express')
        return error(400, 'invalid_request_error', 'Only Express accounts here', 'parameter_invalid_empty');
      const account: Account = {
        id: newId('acct'),
        object: 'account',
        type: 'express',
        email: fields.email ?? null,
        details_submitted: false,
        charges_enabled: false,
        payouts_enabled: false,
        capabilities: { transfers: 'inactive' },
        metadata,
      };
      accounts.set(account.id, account);
      return { status: 200, body: account };
    }
    const accountPath = /^\/v1\/accounts\/([^/]+)$/.exec(path);
    if (method === 'GET' && accountPath) {
      const account = accounts.get(accountPath[1]);
      return account
        ? { status: 200, body: account }
        : error(404, 'invalid_request_error', `No such account: '${accountPath[1]}'`, 'resource_missing');
    }
    if (method === 'POST' && path === '/v1/account_links') {
      const account = accounts.get(fields.account ?? '');
      if (!account)
        return error(400, 'invalid_request_error', `No such account: '${fields.account}'`, 'resource_missing');
      if (!fields.return_url || !fields.refresh_url || fields.type !== 'account_onboarding') {
        return error(400, 'invalid_request_error', 'Missing return_url, refresh_url or type', 'parameter_missing');
      }
      const link = { account: account.id, return_url: fields.return_url, url: `${standInUrl()}/setup/e/${account.id}` };
      accountLinks.push(link);
      return {
        status: 200,
        body: { object: 'account_link', url: link.url, created: 0, expires_at: Math.floor(Date.now() / 1000) + 300 },
      };
    }
    if (method === 'POST' && path === '/v1/transfers') {
      const destination = accounts.get(fields.destination ?? '');
      if (!destination)
        return error(400, 'invalid_request_error', `No such destination: '${fields.destination}'`, 'resource_missing');
      if (destination.capabilities.transfers !== 'active') {
        return error(
          400,
          'invalid_request_error',
          'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
          'insufficient_capabilities_for_transfer',
        );
      }
      const charge = charges.get(fields.source_transaction ?? '');
      if (!charge?.captured) {
        return error(
          400,
          'invalid_request_error',
          `No such charge: '${fields.source_transaction}'`,
          'resource_missing',
        );
      }
      if (failingTransfers > 0) {
        failingTransfers -= 1;
        return { ...error(500, 'api_error', 'An unknown error occurred'), headers: { 'stripe-should-retry': 'false' } };
      }
      const amount = Number(fields.amount);
      const fromCharge = transfers
        .filter((t) => t.source_transaction === charge.id)
        .reduce((sum, t) => sum + t.amount - t.amount_reversed, 0);
      if (!Number.isInteger(amount) || amount < 1) {
        return error(400, 'invalid_request_error', 'Invalid positive integer', 'parameter_invalid_integer');
      }
      if (amount + fromCharge > charge.amount_captured) {
        return error(
          400,
          'invalid_request_error',
          `Transfers using this transaction as a source must not exceed the source amount of ${charge.amount_captured}.`,
          'transfer_source_balance_parameters_mismatch',
        );
      }
      const transfer: Transfer = {
        id: newId('tr'),
        object: 'transfer',
        amount,
        amount_reversed: 0,
        currency: fields.currency ?? 'usd',
        destination: destination.id,
        source_transaction: charge.id,
        metadata,
        reversed: false,
        created: nowSeconds(),
      };
      transfers.push(transfer);
      return { status: 200, body: transfer };
    }
    const reversalPath = /^\/v1\/transfers\/([^/]+)\/reversals$/.exec(path);
    if (method === 'POST' && reversalPath) {
      const transfer = transfers.find((t) => t.id === reversalPath[1]);
      if (!transfer)
        return error(404, 'invalid_request_error', `No such transfer: '${reversalPath[1]}'`, 'resource_missing');
      const left = transfer.amount - transfer.amount_reversed;
      const amount = fields.amount === undefined ? left : Number(fields.amount);
      if (!Number.isInteger(amount) || amount < 1 || amount > left) {
        return error(
          400,
          'invalid_request_error',
          `You have requested a reversal of ${amount} but this transfer only has ${left} remaining`,
          'parameter_invalid_integer',
        );
      }
      transfer.amount_reversed += amount;
      transfer.reversed = transfer.amount_reversed === transfer.amount;
      const reversal = { id: newId('trr'), transfer: transfer.id, amount };
      reversals.push(reversal);
      return { status: 200, body: { ...reversal, object: 'transfer_reversal', currency: transfer.currency } };
    }
    return null;
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const auth = request.headers.authorization ?? '';
      const method = request.method ?? 'GET';
      const body = Buffer.concat(chunks).toString('utf8');
      const key = method === 'POST' ? (request.headers['idempotency-key'] as string | undefined) : undefined;
      if (method === 'POST' && url.pathname === '/v1/refunds') refundRequestKeys.push(key ?? null);
      const saved = key ? idempotent.get(key) : undefined;
      const signature = `${url.pathname}?${body}`;
      const result: Result =
        auth !== `Bearer ${secretKey}`
          ? error(401, 'invalid_signatureerror', 'Invalid API Key provided')
          : saved && saved.request !== signature
            ? error(
                400,
                'idempotency_error',
                `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
              )
            : saved
              ? { ...saved.result, headers: { 'idempotent-replayed': 'true' } }
              : handle(method, url.pathname, url.searchParams, body);
      // Like Stripe, a card's refusal is the answer to its key too (a server error is not kept: it may be retried).
      if (key && !saved && (result.status === 200 || result.status === 402)) {
        idempotent.set(key, { request: signature, result });
      }
      response.writeHead(result.status, {
        'content-type': 'application/json',
        'request-id': newId('req'),
        ...result.headers,
      });
      response.end(JSON.stringify(result.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  function standInUrl() {
    return `http://127.0.0.1:${port}`;
  }

  const standIn: StripeStandIn = {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    intents,
    refunds,
    refundRequestKeys,
    failNextRefunds: (count) => {
      failingRefunds = count;
    },
    captures,
    failNextCaptures: (count) => {
      failingCaptures = count;
    },
    accounts,
    accountLinks,
    transfers,
    reversals,
    failNextTransfers: (count) => {
      failingTransfers = count;
    },
    completeOnboarding: (accountId) => {
      const account = accounts.get(accountId);
      if (!account) throw new Error(`No such account: ${accountId}`);
      Object.assign(account, {
        details_submitted: true,
        charges_enabled: true,
        payouts_enabled: true,
        capabilities: { transfers: 'active' },
      });
      return JSON.stringify({
        id: newId('evt'),
        object: 'event',
        type: 'account.updated',
        data: { object: { ...account } },
      });
    },
    confirm: (intentId, paymentMethod) => confirm(intentId, paymentMethod),
    customers,
    setupIntents,
    confirmSetup,
    authenticateSetup,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
  return standIn;
}
