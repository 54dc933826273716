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
  /** What the browser does with Stripe.js: confirm the intent with a test payment method. */
  confirm: (intentId: string, paymentMethod: keyof typeof TEST_METHODS) => Intent;
  close: () => Promise<void>;
};

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

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
 * a PaymentIntent, capture one made with capture_method=manual; create a full or partial refund) the way Stripe does, so tests run the real SDK without
 * the internet. Like Stripe, a POST with an Idempotency-Key that was already used answers the first result
 * again, and the same key with other parameters is an idempotency error.
 */
export async function startStripeStandIn(secretKey = `sk_test_${randomBytes(8).toString('hex')}`) {
  const intents = new Map<string, Intent>();
  const charges = new Map<string, Charge>();
  const refunds: StripeStandIn['refunds'] = [];
  const refundRequestKeys: (string | null)[] = [];
  const idempotent = new Map<string, { request: string; result: Result }>();
  let failingRefunds = 0;
  const captures: StripeStandIn['captures'] = [];
  let failingCaptures = 0;

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

  function handle(method: string, path: string, query: URLSearchParams, body: string) {
    const form = parseForm(body);
    const expand = [...form.expand, ...query.getAll('expand[]'), ...query.getAll('expand[0]')];
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
      };
      intents.set(id, intent);
      return { status: 200, body: intent };
    }
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
      const refund = {
        id: newId('re'),
        object: 'refund',
        amount,
        charge: charge.id,
        currency: intent.currency,
        payment_intent: intent.id,
        status: 'succeeded',
        metadata: form.metadata,
      };
      refunds.push({ id: refund.id, payment_intent: intent.id, amount });
      return { status: 200, body: refund };
    }
    return error(404, 'invalid_signatureerror', `Unrecognized request URL (${method}: ${path}).`);
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
      if (key && !saved && result.status === 200) idempotent.set(key, { request: signature, result });
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
    confirm: (intentId, paymentMethod) => confirm(intentId, paymentMethod),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
  return standIn;
}
