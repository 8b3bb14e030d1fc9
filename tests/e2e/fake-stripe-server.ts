// The fake Stripe of the end-to-end run (playwright.config.ts starts it beside the server): its
// API on FAKE_STRIPE_PORT (4197), its hosted checkout page (/checkout/{id}: "Payer", "Annuler")
// and portal page (/portal/{id}: "Résilier l'abonnement", "Retour à Soumissio"); paying or
// cancelling posts signed events to FAKE_STRIPE_WEBHOOK_URL (the server's /api/stripe/webhook).
// It only posts when a page is used, so it may start before the server.
import { startFakeStripe } from '../support/fake-stripe';

const env = process.env;
const fake = await startFakeStripe({
  secretKey: env.STRIPE_SECRET_KEY ?? 'sk_test_e2e',
  webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? 'whsec_e2e',
  webhook: env.FAKE_STRIPE_WEBHOOK_URL ?? 'http://127.0.0.1:4199/api/stripe/webhook',
  host: env.FAKE_STRIPE_HOST ?? '127.0.0.1',
  port: Number(env.FAKE_STRIPE_PORT ?? 4197),
});
console.info(`Fake Stripe on ${fake.url}`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
