export const PROFILES = ['user', 'admin', 'supervisorfila', 'supervisor'] as const;
export type Profile = (typeof PROFILES)[number];

export const TICKET_STATUSES = ['open', 'pending', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TENANT_STATUSES = ['active', 'inactive'] as const;
export type TenantStatus = (typeof TENANT_STATUSES)[number];

export const RECURRENCES = ['MENSAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'] as const;
export type Recurrence = (typeof RECURRENCES)[number];
/** Months added to the due date when an invoice of that recurrence is paid. */
export const RECURRENCE_MONTHS: Record<Recurrence, number> = {
  MENSAL: 1,
  TRIMESTRAL: 3,
  SEMESTRAL: 6,
  ANUAL: 12,
};

export const LANGUAGES = ['pt', 'en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'pt';

export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
/** Business hours per weekday: open all day (O), closed (C) or two intervals (H). */
export const BUSINESS_HOUR_TYPES = ['O', 'C', 'H'] as const;
export type BusinessHourType = (typeof BUSINESS_HOUR_TYPES)[number];

/** Tenant id of the platform operator (SPEC §1, §6). */
export const OPERATOR_TENANT_ID = 1;

export const AUTO_TICKET_TIMES = ['disabled', '10m', '1h', '1d', '5d', '10d'] as const;

/** The tenant setting keys users of this family of products know (DOMAIN.md). */
export const SETTING_KEYS = [
  'NotViewTicketsChatBot',
  'NotViewAssignedTickets',
  'NotViewTicketsQueueUndefined',
  'DirectTicketsToWallets',
  'groupnotification',
  'ignoreGroupMsg',
  'spyticket',
  'userReopenTicket',
  'ContactAdmin',
  'userContactWallet',
  'userDisableSignature',
  'rejectCalls',
  'callRejectMessage',
  'botTicketActive',
  'TicketsLimitOpen',
  'TicketsLimitPending',
  'TicketsLimitClosed',
  'maxRetriesBusinessHours',
  'autoCloseTicketsTime',
  'autoCloseTicketsMessage',
  'autoPendingTicketsTime',
  'autoPendingTicketsMessage',
  'hidePhoneNumber',
  'auditMode',
  'viewPrivateTickets',
  'onlyOwnQueues',
  'botDistribution',
  'separateLanesPerUser',
  'userCreation',
  'slaFirstResponseMinutes',
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

/** Kind of value each setting holds, with its default. */
export const SETTING_DEFAULTS: Record<SettingKey, string> = {
  NotViewTicketsChatBot: 'disabled',
  NotViewAssignedTickets: 'disabled',
  NotViewTicketsQueueUndefined: 'disabled',
  DirectTicketsToWallets: 'disabled',
  groupnotification: 'disabled',
  ignoreGroupMsg: 'enabled',
  spyticket: 'disabled',
  userReopenTicket: 'enabled',
  ContactAdmin: 'disabled',
  userContactWallet: 'disabled',
  userDisableSignature: 'disabled',
  rejectCalls: 'disabled',
  callRejectMessage: '',
  botTicketActive: '',
  TicketsLimitOpen: '40',
  TicketsLimitPending: '40',
  TicketsLimitClosed: '20',
  maxRetriesBusinessHours: '1',
  autoCloseTicketsTime: 'disabled',
  autoCloseTicketsMessage: '',
  autoPendingTicketsTime: 'disabled',
  autoPendingTicketsMessage: '',
  hidePhoneNumber: 'disabled',
  auditMode: 'disabled',
  viewPrivateTickets: 'disabled',
  onlyOwnQueues: 'disabled',
  botDistribution: 'N',
  separateLanesPerUser: 'disabled',
  userCreation: 'enabled',
  slaFirstResponseMinutes: '15',
};

/** Settings whose value is enabled/disabled; the rest are free text, numbers or choices. */
export const TOGGLE_SETTING_KEYS = SETTING_KEYS.filter((k) => {
  const v = SETTING_DEFAULTS[k];
  return v === 'enabled' || v === 'disabled';
}).filter((k) => k !== 'autoCloseTicketsTime' && k !== 'autoPendingTicketsTime');

export const PLATFORM_SETTING_KEYS = [
  'trialDays',
  'graceDays',
  'noticeBanner',
  'noticeBannerTenants',
  'allowSignup',
  /** 'true': /signup needs a reseller's setup token (SPEC §6, §8 ERR_RESELLER_TOKEN_ONLY). */
  'signupNeedsToken',
  'smtpHost',
  'smtpPort',
  'smtpSecure',
  'smtpUser',
  'smtpPassword',
  'smtpFrom',
  'paymentGateway',
  'pixKey',
  'pixName',
  'pixCity',
  // Gateway credentials (sealed at rest, answered masked): Mercado Pago, Stripe, Asaas, EFI, Owen.
  'mercadopagoAccessToken',
  'mercadopagoWebhookSecret',
  'stripeSecretKey',
  'stripeWebhookSecret',
  'asaasApiKey',
  'asaasWebhookToken',
  'efiClientId',
  'efiClientSecret',
  'efiCertificate',
  'efiWebhookSecret',
  // EFI's receiving Pix key (the `chave` of each charge): not a secret.
  'efiPixKey',
  'owenUser',
  'owenPassword',
  'owenSecretKey',
  'owenWebhookToken',
] as const;
export type PlatformSettingKey = (typeof PLATFORM_SETTING_KEYS)[number];
export const PAYMENT_GATEWAYS = ['mercadopago', 'asaas', 'efi', 'owen', 'stripe'] as const;
export type PaymentGatewayName = (typeof PAYMENT_GATEWAYS)[number];
/**
 * The gateways with an adapter (modules/billing/gateways), the only ones the settings screen lists
 * and the server lets be picked: all of SPEC §9's.
 */
export const AVAILABLE_PAYMENT_GATEWAYS = [
  'mercadopago',
  'asaas',
  'efi',
  'owen',
  'stripe',
] as const satisfies readonly PaymentGatewayName[];
export type AvailablePaymentGateway = (typeof AVAILABLE_PAYMENT_GATEWAYS)[number];
/** Platform settings kept sealed (platform/security/secret-box.ts) and answered masked. */
export const SEALED_PLATFORM_SETTINGS = [
  'mercadopagoAccessToken',
  'mercadopagoWebhookSecret',
  'stripeSecretKey',
  'stripeWebhookSecret',
  'asaasApiKey',
  'asaasWebhookToken',
  'efiClientId',
  'efiClientSecret',
  'efiCertificate',
  'efiWebhookSecret',
  'owenUser',
  'owenPassword',
  'owenSecretKey',
  'owenWebhookToken',
] as const;

/** Channel types (SPEC §1): WhatsApp Web (Baileys), WhatsApp Cloud API, Telegram, Messenger, Instagram, web chat. */
export const CHANNEL_TYPES = ['webchat', 'whatsapp', 'waba', 'telegram', 'messenger', 'instagram'] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];
/**
 * A channel's session status, with the values users of the family know (Whaticket, Izing):
 * qrcode waits for a scan, OPENING/PAIRING connect, TIMEOUT lost the connection and is retrying.
 */
export const CHANNEL_STATUSES = ['DISCONNECTED', 'OPENING', 'qrcode', 'PAIRING', 'CONNECTED', 'TIMEOUT'] as const;
export type ChannelStatus = (typeof CHANNEL_STATUSES)[number];
