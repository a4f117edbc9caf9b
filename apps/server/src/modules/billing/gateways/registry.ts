/**
 * The payment gateways by name (SPEC §9: Mercado Pago, Asaas, EFI, Owen, Stripe), each built from
 * the operator's credentials in platform settings (sealed at rest); null when they are not all
 * set. A gateway without an adapter would be `null` here and "not yet available" on the settings
 * screen (contracts AVAILABLE_PAYMENT_GATEWAYS); today every one has one.
 */
import { AVAILABLE_PAYMENT_GATEWAYS, type AvailablePaymentGateway, type PaymentGatewayName } from '@prosa/contracts';
import type { Platform } from '../../../platform/platform.js';
import { getPlatformSetting, getSealedPlatformSetting } from '../../admin/platform-settings.queries.js';
import { asaasGateway } from './asaas.js';
import { efiGateway } from './efi.js';
import type { PaymentGateway } from './gateway.js';
import { mercadoPagoGateway } from './mercadopago.js';
import { owenGateway } from './owen.js';
import { stripeGateway } from './stripe.js';

type Build = (platform: Platform) => Promise<PaymentGateway | null>;

const sealed = (platform: Platform, key: Parameters<typeof getSealedPlatformSetting>[1]) =>
  getSealedPlatformSetting(platform.db, key, platform.config.encryptionSecret);

export const GATEWAYS: Record<PaymentGatewayName, Build | null> = {
  mercadopago: async (platform) => {
    const [accessToken, webhookSecret] = await Promise.all([
      sealed(platform, 'mercadopagoAccessToken'),
      sealed(platform, 'mercadopagoWebhookSecret'),
    ]);
    if (!accessToken || !webhookSecret) return null;
    return mercadoPagoGateway({ accessToken, webhookSecret, apiUrl: platform.config.providers.mercadoPagoApiUrl });
  },
  stripe: async (platform) => {
    const [secretKey, webhookSecret] = await Promise.all([
      sealed(platform, 'stripeSecretKey'),
      sealed(platform, 'stripeWebhookSecret'),
    ]);
    if (!secretKey || !webhookSecret) return null;
    return stripeGateway({ secretKey, webhookSecret, apiUrl: platform.config.providers.stripeApiUrl });
  },
  asaas: async (platform) => {
    const [apiKey, webhookToken] = await Promise.all([
      sealed(platform, 'asaasApiKey'),
      sealed(platform, 'asaasWebhookToken'),
    ]);
    if (!apiKey || !webhookToken) return null;
    return asaasGateway({ apiKey, webhookToken, apiUrl: platform.config.providers.asaasApiUrl });
  },
  efi: async (platform) => {
    const [clientId, clientSecret, certificate, webhookSecret, pixKey] = await Promise.all([
      sealed(platform, 'efiClientId'),
      sealed(platform, 'efiClientSecret'),
      sealed(platform, 'efiCertificate'),
      sealed(platform, 'efiWebhookSecret'),
      getPlatformSetting(platform.db, 'efiPixKey'),
    ]);
    if (!clientId || !clientSecret || !certificate || !webhookSecret || !pixKey.trim()) return null;
    const { efiApiUrl, efiApiCa } = platform.config.providers;
    return efiGateway({
      clientId,
      clientSecret,
      certificate,
      webhookSecret,
      pixKey: pixKey.trim(),
      apiUrl: efiApiUrl,
      ...(efiApiCa ? { ca: efiApiCa } : {}),
    });
  },
  owen: async (platform) => {
    const [user, password, secretKey, webhookToken] = await Promise.all([
      sealed(platform, 'owenUser'),
      sealed(platform, 'owenPassword'),
      sealed(platform, 'owenSecretKey'),
      sealed(platform, 'owenWebhookToken'),
    ]);
    if (!user || !password || !secretKey || !webhookToken) return null;
    return owenGateway({ user, password, secretKey, webhookToken, apiUrl: platform.config.providers.owenApiUrl });
  },
};

export const isAvailableGateway = (name: string): name is AvailablePaymentGateway =>
  (AVAILABLE_PAYMENT_GATEWAYS as readonly string[]).includes(name);

/** The gateway by name with its credentials, or null: not available yet, or not configured. */
export async function loadGateway(platform: Platform, name: PaymentGatewayName): Promise<PaymentGateway | null> {
  const build = GATEWAYS[name];
  return build ? build(platform) : null;
}

/** The gateway the operator picked, when it has an adapter; null means Pix by the operator's key. */
export async function activeGatewayName(platform: Platform): Promise<AvailablePaymentGateway | null> {
  const name = await getPlatformSetting(platform.db, 'paymentGateway');
  return isAvailableGateway(name) ? name : null;
}

/**
 * The gateway companies pay through now: the one picked, when it has an adapter and its
 * credentials; else null, and /financeiro offers Pix by the operator's key (never a dead end).
 */
export async function payingGatewayName(platform: Platform): Promise<AvailablePaymentGateway | null> {
  const name = await activeGatewayName(platform);
  return name && (await loadGateway(platform, name)) ? name : null;
}
