// A local fake of the few Stripe endpoints Soumissio uses (issue 14), for the API tests and the
// end-to-end run: customers, Checkout sessions (create, retrieve), customer portal sessions,
// subscriptions and invoices (retrieve). It parses Stripe's bracketed form bodies, checks the
// Bearer key, replays the stored answer of a repeated Idempotency-Key, and posts webhooks signed
// with the stripe package's own test helper. It also serves the hosted pages: a checkout page
// ("Payer", "Annuler") and a portal page ("Résilier l'abonnement", back to the app).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export type WebhookAnswer = { status: number; body: string };
/** Where events go: an address (POSTed to), or a function (an in-process app's inject). */
export type WebhookTarget = string | ((payload: string, signature: string) => Promise<WebhookAnswer>);

export type FakeStripeOptions = { secretKey: string; webhookSecret: string; webhook?: WebhookTarget; host?: string; port?: number };

const now = () => Math.floor(Date.now() / 1000);
const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;
const DAY = 86_400;

/** Stripe's form encoding (`a[b][0][c]=v`, `expand[]=x`) as nested objects and arrays. */
export function parseStripeForm(text: string): Obj {
  const root: Obj = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Obj = root;
    path.forEach((segment, i) => {
      const last = i === path.length - 1;
      const name = segment === '' ? String(Object.keys(node).length) : segment;
      if (last) node[name] = value;
      else node = node[name] ??= {};
    });
  }
  const arrays = (value: unknown): unknown => {
    if (!value || typeof value !== 'object') return value;
    const entries = Object.entries(value as Obj).map(([k, v]) => [k, arrays(v)] as const);
    return entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k)) ? entries.sort((a, b) => Number(a[0]) - Number(b[0])).map(([, v]) => v) : Object.fromEntries(entries);
  };
  return arrays(root) as Obj;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const euros = (cents: number) => `${(cents / 100).toFixed(2).replace('.', ',')}\u00a0€`;

function page(title: string, body: string) {
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#f6f7fb;color:#1a1a2e}main{max-width:28rem;margin:3rem auto;background:#fff;padding:2rem;border-radius:.75rem;box-shadow:0 1px 4px #0002}
button{font:inherit;background:#3a3ab8;color:#fff;border:0;border-radius:.5rem;padding:.75rem 1.5rem;cursor:pointer}a{color:#3a3ab8}p.amount{font-size:1.5rem;font-weight:600}</style></head>
<body><main>${body}</main></body></html>`;
}

export async function startFakeStripe(options: FakeStripeOptions) {
  const customers = new Map<string, Obj>();
  const sessions = new Map<string, Obj>();
  const portals = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const invoices = new Map<string, Obj>();
  const idempotent = new Map<string, { status: number; body: string }>();
  /** Every API call received, for tests to look at. */
  const requests: { method: string; path: string; body: Obj; idempotencyKey?: string }[] = [];
  const signer = new Stripe(options.secretKey);
  let webhook = options.webhook;
  let base = '';
  let invoiceSeq = 0;
  let failing = false;

  const event = (type: string, object: Obj, eventId = id('evt')) => ({ id: eventId, object: 'event', type, api_version: Stripe.API_VERSION, created: now(), livemode: false, pending_webhooks: 1, data: { object } });

  /** Posts a signed event (a copy of `object`) to the webhook; `timestamp` or `secret` to sign it wrongly. */
  async function send(evt: Obj, sign: { timestamp?: number; secret?: string } = {}): Promise<WebhookAnswer> {
    if (!webhook) throw new Error('fake Stripe: no webhook target');
    const payload = JSON.stringify(evt, null, 2);
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: sign.secret ?? options.webhookSecret, timestamp: sign.timestamp ?? now() });
    if (typeof webhook === 'function') return webhook(payload, signature);
    const res = await fetch(webhook, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature }, body: payload });
    return { status: res.status, body: await res.text() };
  }

  const deliver = (type: string, object: Obj, sign?: { timestamp?: number; secret?: string; id?: string }) => send(event(type, structuredClone(object), sign?.id), sign);

  /** `charged`: what the card paid, when not the price (a coupon, a price changed in the dashboard). */
  function newInvoice(sub: Obj, status: 'paid' | 'open', charged?: number): Obj {
    const item = sub.items.data[0];
    const invoice = {
      id: id('in'),
      object: 'invoice',
      number: `FAKE-${String(++invoiceSeq).padStart(4, '0')}`,
      customer: sub.customer,
      currency: 'eur',
      status,
      amount_due: charged ?? item.price.unit_amount,
      amount_paid: status === 'paid' ? (charged ?? item.price.unit_amount) : 0,
      period_start: item.current_period_start,
      period_end: item.current_period_start,
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: sub.id, metadata: sub.metadata } },
      lines: { object: 'list', has_more: false, data: [{ id: id('il'), object: 'line_item', amount: item.price.unit_amount, currency: 'eur', period: { start: item.current_period_start, end: item.current_period_end } }] },
      status_transitions: { paid_at: status === 'paid' ? now() : null, finalized_at: now() },
    };
    invoices.set(invoice.id, invoice);
    sub.latest_invoice = invoice.id;
    return invoice;
  }

  /**
   * The customer pays the session: it completes, a subscription (active) and its paid invoice are
   * made, and the three events are delivered in Stripe's usual order (unless `deliver: false`:
   * the events are answered for the test to deliver in the order it wants). `charged`: cents the
   * card paid, when not the session's price.
   */
  async function pay(sessionId: string, { deliver: post = true, charged }: { deliver?: boolean; charged?: number } = {}) {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`fake Stripe: no session ${sessionId}`);
    if (session.status !== 'open') throw new Error(`fake Stripe: session ${sessionId} is ${session.status}`);
    const line = session.line_items[0];
    const start = now();
    const interval = line.price_data.recurring.interval as 'month' | 'year';
    const pm = { id: id('pm'), object: 'payment_method', type: 'card', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: new Date().getFullYear() + 3 } };
    const sub: Obj = {
      id: id('sub'),
      object: 'subscription',
      customer: session.customer,
      status: 'active',
      created: start,
      cancel_at_period_end: false,
      canceled_at: null,
      trial_end: null,
      metadata: { ...(session.subscription_data?.metadata ?? {}) },
      default_payment_method: pm.id,
      _pm: pm,
      items: {
        object: 'list',
        has_more: false,
        data: [
          {
            id: id('si'),
            object: 'subscription_item',
            quantity: 1,
            current_period_start: start,
            current_period_end: start + (interval === 'year' ? 365 : 30) * DAY,
            price: { id: id('price'), object: 'price', currency: 'eur', unit_amount: Number(line.price_data.unit_amount), recurring: { interval, interval_count: 1 }, product: id('prod'), tax_behavior: line.price_data.tax_behavior ?? null },
          },
        ],
      },
    };
    subscriptions.set(sub.id, sub);
    const invoice = newInvoice(sub, 'paid', charged);
    Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: sub.id, invoice: invoice.id });
    const events = [event('checkout.session.completed', structuredClone(session)), event('customer.subscription.created', subscriptionOut(sub)), event('invoice.paid', structuredClone(invoice))];
    const answers = [];
    if (post) for (const evt of events) answers.push(await send(evt));
    return { subscription: sub, invoice, events, answers };
  }

  /** The next charge of a subscription is refused: it turns past_due, invoice.payment_failed and customer.subscription.updated are delivered. */
  async function failPayment(subscriptionId: string) {
    const sub = subscriptions.get(subscriptionId)!;
    sub.status = 'past_due';
    const invoice = newInvoice(sub, 'open');
    return [await deliver('invoice.payment_failed', invoice), await deliver('customer.subscription.updated', subscriptionOut(sub))];
  }

  /** The customer cancels (the portal's button): the subscription is canceled and customer.subscription.deleted delivered. */
  async function cancel(subscriptionId: string) {
    const sub = subscriptions.get(subscriptionId)!;
    Object.assign(sub, { status: 'canceled', canceled_at: now() });
    return deliver('customer.subscription.deleted', subscriptionOut(sub));
  }

  function subscriptionOut(sub: Obj, expand: string[] = []) {
    const { _pm, ...out } = structuredClone(sub);
    if (expand.includes('default_payment_method')) out.default_payment_method = _pm;
    return out;
  }

  const stripeError = (res: ServerResponse, status: number, message: string, code?: string) => json(res, status, { error: { type: status === 401 ? 'invalid_request_error' : 'invalid_request_error', message, ...(code ? { code } : {}) } });
  function json(res: ServerResponse, status: number, body: unknown) {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') }).end(text);
    return { status, body: text };
  }
  const html = (res: ServerResponse, status: number, body: string) => res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  const redirect = (res: ServerResponse, to: string) => res.writeHead(303, { location: to }).end();

  function api(method: string, path: string, body: Obj, res: ServerResponse) {
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: id('cus'), object: 'customer', created: now(), email: body.email ?? null, name: body.name ?? null, address: body.address ?? null, metadata: body.metadata ?? {} };
      customers.set(customer.id, customer);
      return json(res, 200, customer);
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const sessionId = `cs_test_${randomBytes(12).toString('hex')}`;
      const lines = (body.line_items ?? []) as Obj[];
      const session = {
        id: sessionId,
        object: 'checkout.session',
        mode: body.mode,
        status: 'open',
        payment_status: 'unpaid',
        customer: body.customer ?? null,
        client_reference_id: body.client_reference_id ?? null,
        metadata: body.metadata ?? {},
        subscription_data: body.subscription_data ?? {},
        line_items: lines,
        locale: body.locale ?? null,
        currency: lines[0]?.price_data?.currency ?? 'eur',
        amount_total: lines.reduce((sum, l) => sum + Number(l.price_data?.unit_amount ?? 0) * Number(l.quantity ?? 1), 0),
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        subscription: null,
        invoice: null,
        expires_at: now() + DAY,
        url: `${base}/checkout/${sessionId}`,
      };
      sessions.set(sessionId, session);
      return json(res, 200, session);
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/checkout\/sessions\/([\w]+)$/))) {
      const session = sessions.get(m[1]!);
      return session ? json(res, 200, session) : stripeError(res, 404, `No such checkout.session: '${m[1]}'`, 'resource_missing');
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!customers.has(body.customer)) return stripeError(res, 400, `No such customer: '${body.customer}'`, 'resource_missing');
      const portal = { id: id('bps'), object: 'billing_portal.session', customer: body.customer, return_url: body.return_url, locale: body.locale ?? null, url: '' };
      portal.url = `${base}/portal/${portal.id}`;
      portals.set(portal.id, portal);
      return json(res, 200, portal);
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/subscriptions\/(\w+)$/))) {
      const sub = subscriptions.get(m[1]!);
      const expand = Array.isArray(body.expand) ? (body.expand as string[]) : [];
      return sub ? json(res, 200, subscriptionOut(sub, expand)) : stripeError(res, 404, `No such subscription: '${m[1]}'`, 'resource_missing');
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/invoices\/(\w+)$/))) {
      const invoice = invoices.get(m[1]!);
      return invoice ? json(res, 200, invoice) : stripeError(res, 404, `No such invoice: '${m[1]}'`, 'resource_missing');
    }
    return stripeError(res, 404, `Unrecognized request URL (${method}: ${path}).`);
  }

  async function pages(method: string, path: string, res: ServerResponse) {
    let m: RegExpMatchArray | null;
    if (method === 'GET' && path === '/health') return json(res, 200, { ok: true });
    if ((m = path.match(/^\/checkout\/(\w+)(\/pay)?$/))) {
      const session = sessions.get(m[1]!);
      if (!session) return html(res, 404, page('Session introuvable', '<h1>Session de paiement introuvable</h1>'));
      if (method === 'POST' && m[2]) {
        if (session.status === 'open') await pay(session.id);
        return redirect(res, String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id));
      }
      const line = session.line_items[0]?.price_data ?? {};
      const per = line.recurring?.interval === 'year' ? 'an' : 'mois';
      const done = session.status !== 'open';
      return html(
        res,
        200,
        page(
          'Paiement — Stripe (simulé)',
          `<h1>Paiement de votre abonnement</h1><p>${escapeHtml(String(line.product_data?.name ?? 'Abonnement'))}</p><p class="amount">${euros(session.amount_total)} TTC par ${per}</p>` +
            (done
              ? '<p>Cette session de paiement est terminée.</p>'
              : `<p>Carte de test : Visa •••• 4242</p><form method="post" action="/checkout/${session.id}/pay"><button type="submit">Payer</button></form>`) +
            `<p><a href="${escapeHtml(session.cancel_url)}">Annuler</a></p>`,
        ),
      );
    }
    if ((m = path.match(/^\/portal\/(\w+)(\/cancel)?$/))) {
      const portal = portals.get(m[1]!);
      if (!portal) return html(res, 404, page('Session introuvable', '<h1>Espace de paiement introuvable</h1>'));
      const live = [...subscriptions.values()].filter((s) => s.customer === portal.customer && s.status !== 'canceled');
      if (method === 'POST' && m[2]) {
        for (const sub of live) await cancel(sub.id);
        return redirect(res, portal.return_url);
      }
      const list = live.map((s) => `<li>Abonnement actif, ${euros(s.items.data[0].price.unit_amount)} TTC, carte Visa •••• 4242</li>`).join('');
      return html(
        res,
        200,
        page(
          'Espace de paiement — Stripe (simulé)',
          `<h1>Votre abonnement</h1>${live.length ? `<ul>${list}</ul><form method="post" action="/portal/${portal.id}/cancel"><button type="submit">Résilier l'abonnement</button></form>` : '<p>Aucun abonnement en cours.</p>'}` +
            `<p><a href="${escapeHtml(portal.return_url)}">Retour à Soumissio</a></p>`,
        ),
      );
    }
    return html(res, 404, page('Introuvable', '<h1>Page introuvable</h1>'));
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const method = req.method ?? 'GET';
      const text = Buffer.concat(chunks).toString('utf8');
      const handle = async () => {
        if (!url.pathname.startsWith('/v1/')) return pages(method, url.pathname, res);
        if (failing) return json(res, 500, { error: { type: 'api_error', message: 'An unknown error occurred (fake).' } });
        if (req.headers.authorization !== `Bearer ${options.secretKey}`) return stripeError(res, 401, 'Invalid API Key provided.');
        const body = parseStripeForm(method === 'GET' ? url.search.slice(1) : text);
        const key = req.headers['idempotency-key'] as string | undefined;
        requests.push({ method, path: url.pathname, body, ...(key ? { idempotencyKey: key } : {}) });
        const stored = key && method === 'POST' ? idempotent.get(`${url.pathname} ${key}`) : undefined;
        if (stored) return res.writeHead(stored.status, { 'content-type': 'application/json', 'idempotent-replayed': 'true' }).end(stored.body);
        const answer = api(method, url.pathname, body, res);
        if (key && method === 'POST' && answer.status < 500) idempotent.set(`${url.pathname} ${key}`, answer);
      };
      handle().catch((error: unknown) => {
        if (!res.headersSent) json(res, 500, { error: { type: 'api_error', message: String(error) } });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  base = `http://${options.host ?? '127.0.0.1'}:${address.port}`;

  return {
    url: base,
    port: address.port,
    customers,
    sessions,
    subscriptions,
    invoices,
    requests,
    /** Every API call answers 500 while on (Stripe down). */
    setFailing(on: boolean) {
      failing = on;
    },
    setWebhook(target: WebhookTarget) {
      webhook = target;
    },
    event,
    send,
    deliver,
    pay,
    failPayment,
    cancel,
    subscriptionOut,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
