import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { AppError } from '../../errors';

/**
 * Card payments (issue 14) through Stripe: configured by STRIPE_SECRET_KEY (off when unset),
 * STRIPE_WEBHOOK_SECRET (the signing secret of the webhook endpoint) and STRIPE_API_URL (another
 * address for Stripe's API: a local fake in tests and end-to-end runs).
 */
export type StripeConfig = { secretKey: string; webhookSecret: string; apiUrl?: string };

export type CardPayments = {
  client: Stripe;
  webhookSecret: string;
  /** The web app's address, for Checkout's and the portal's return pages. */
  publicUrl: string;
};

export function createCardPayments(config: StripeConfig, publicUrl: string): CardPayments {
  const options: Stripe.StripeConfig = { timeout: 20_000, appInfo: { name: 'Soumissio' } };
  if (config.apiUrl) {
    const url = new URL(config.apiUrl);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    Object.assign(options, { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol, maxNetworkRetries: 0 });
  }
  return { client: new Stripe(config.secretKey, options), webhookSecret: config.webhookSecret, publicUrl: publicUrl.replace(/\/+$/, '') };
}

/** 503 when card payments are not configured on this server. */
export function cardPaymentsOf(card: CardPayments | null, forWebhook = false): CardPayments {
  if (!card || (forWebhook && !card.webhookSecret)) throw new AppError(503, 'billing-card_unavailable');
  return card;
}

/** A deterministic idempotency key: the same business request (same parameters) is one Stripe object. */
export const idempotencyKey = (prefix: string, params: unknown) => `soumissio-${prefix}-${createHash('sha256').update(JSON.stringify(params)).digest('hex').slice(0, 32)}`;

export const isStripeError = (error: unknown): error is Stripe.errors.StripeError => error instanceof Stripe.errors.StripeError;

/** Runs a call to Stripe; any failure of Stripe (refusal, network, bad answer) is a 502 with a localised message, never a 500. */
export async function callStripe<T>(work: () => Promise<T>, log?: { warn(obj: object, msg: string): void }, notFoundAs404 = false): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (notFoundAs404 && isStripeError(error) && (error.statusCode === 404 || error.code === 'resource_missing')) throw new AppError(404, 'common-not_found');
    log?.warn({ err: isStripeError(error) ? { type: error.type, code: error.code, statusCode: error.statusCode, message: error.message } : String(error) }, 'stripe call failed');
    throw new AppError(502, 'billing-stripe_failed');
  }
}

/** The id of an expandable field (a string, or the object when expanded). */
export const idOf = (value: string | { id: string } | null | undefined): string | null => (value == null ? null : typeof value === 'string' ? value : value.id);

/**
 * Stripe signs the exact bytes it sent: the webhook's route keeps them (request.rawBody) while
 * the JSON parser reads the same bytes as every other route's, so the contract's validation and
 * the other routes' parsing stay as they are. Call before the routes are bound.
 */
export function keepRawBody(app: FastifyInstance, operationId: string) {
  app.addHook('onRoute', (route) => {
    if ((route.config as { operationId?: string } | undefined)?.operationId !== operationId) return;
    const own = route.preParsing ? (Array.isArray(route.preParsing) ? route.preParsing : [route.preParsing]) : [];
    route.preParsing = [
      ...own,
      async (request, _reply, payload) => {
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of payload as AsyncIterable<Buffer | string>) {
          const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
          size += buffer.length;
          if (size > (route.bodyLimit ?? app.initialConfig.bodyLimit ?? 1024 * 1024)) throw new AppError(413, 'common-payload_too_large');
          chunks.push(buffer);
        }
        const raw = Buffer.concat(chunks);
        request.rawBody = raw;
        const again = Readable.from([raw]) as Readable & { receivedEncodedLength?: number };
        again.receivedEncodedLength = raw.length;
        return again;
      },
    ];
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The body's bytes as received, on the routes that keep them (the Stripe webhook). */
    rawBody?: Buffer;
  }
}
