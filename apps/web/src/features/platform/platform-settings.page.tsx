import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  FileButton,
  Group,
  NumberInput,
  Paper,
  MultiSelect,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  AVAILABLE_PAYMENT_GATEWAYS,
  isMaskedSecret,
  ZPlatformSettingsUpdate,
  type AvailablePaymentGateway,
} from '@prosa/contracts';
import { useEffect, type ReactNode } from 'react';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PlatformSettings } from '../../shared/api/types';
import { handleFormError } from '../../shared/forms/server-errors';
import { useFieldError } from '../../shared/forms/use-field-error';
import { CopyField } from '../../shared/ui/copy-field';
import { notifySuccess } from '../../shared/ui/notify';
import { PageHeader } from '../../shared/ui/page-header';
import { ErrorBlock, LoadingBlock } from '../../shared/ui/query-state';
import { useTenants } from '../tenants/use-tenants';
import { isOn, toFlag, usePlatformSettings, useSavePlatformSettings } from './use-platform-settings';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper p="lg">
      <Title order={4} mb="md">
        {title}
      </Title>
      <Stack gap="md">{children}</Stack>
    </Paper>
  );
}

const isAvailable = (g: string): g is AvailablePaymentGateway =>
  (AVAILABLE_PAYMENT_GATEWAYS as readonly string[]).includes(g);

/** Each gateway's credentials, in the order its panel shows them; `hint` or the "kept encrypted" one. */
const GATEWAY_FIELDS = {
  mercadopago: [
    { key: 'mercadopagoAccessToken', kind: 'secret', hint: 'platform.mercadopagoAccessTokenHint' },
    { key: 'mercadopagoWebhookSecret', kind: 'secret', hint: 'platform.secretKeptHint' },
  ],
  asaas: [
    { key: 'asaasApiKey', kind: 'secret', hint: 'platform.asaasApiKeyHint' },
    { key: 'asaasWebhookToken', kind: 'secret', hint: 'platform.asaasWebhookTokenHint' },
  ],
  efi: [
    { key: 'efiClientId', kind: 'secret', hint: 'platform.efiClientIdHint' },
    { key: 'efiClientSecret', kind: 'secret', hint: 'platform.secretKeptHint' },
    { key: 'efiCertificate', kind: 'certificate', hint: 'platform.efiCertificateHint' },
    { key: 'efiPixKey', kind: 'text', hint: 'platform.efiPixKeyHint' },
    { key: 'efiWebhookSecret', kind: 'secret', hint: 'platform.efiWebhookSecretHint' },
  ],
  owen: [
    { key: 'owenUser', kind: 'secret', hint: 'platform.owenUserHint' },
    { key: 'owenPassword', kind: 'secret', hint: 'platform.secretKeptHint' },
    { key: 'owenSecretKey', kind: 'secret', hint: 'platform.secretKeptHint' },
    { key: 'owenWebhookToken', kind: 'secret', hint: 'platform.owenWebhookTokenHint' },
  ],
  stripe: [
    { key: 'stripeSecretKey', kind: 'secret', hint: 'platform.stripeSecretKeyHint' },
    { key: 'stripeWebhookSecret', kind: 'secret', hint: 'platform.secretKeptHint' },
  ],
} as const satisfies Record<
  AvailablePaymentGateway,
  readonly { key: keyof PlatformSettings; kind: 'secret' | 'text' | 'certificate'; hint: string }[]
>;

/** A .p12 is sent as its bytes in base64; a .pem (text) as it is. */
async function readCertificate(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  if (text.includes('-----BEGIN')) return text;
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/**
 * The URL to register at the gateway. EFI's carries the webhook secret (`hmac`) and `ignorar`,
 * Owen's the webhook token (`token`): as typed, or a placeholder while the stored one is masked.
 */
function webhookUrlOf(
  gateway: AvailablePaymentGateway,
  values: Pick<PlatformSettings, 'efiWebhookSecret' | 'owenWebhookToken'>,
): string {
  const url = `${window.location.origin}/subscription/payment/webhook/${gateway}`;
  const typed = (key: keyof typeof values) => {
    const v = values[key];
    return encodeURIComponent(v && !isMaskedSecret(v) ? v : `{${key}}`);
  };
  if (gateway === 'efi') return `${url}?hmac=${typed('efiWebhookSecret')}&ignorar=`;
  if (gateway === 'owen') return `${url}?token=${typed('owenWebhookToken')}`;
  return url;
}

/** The chosen gateway's credentials (kept sealed; the server answers them masked) and its webhook URL. */
function GatewayFields({
  gateway,
  form,
  fieldError,
}: {
  gateway: AvailablePaymentGateway;
  form: UseFormReturn<PlatformSettings>;
  fieldError: (name: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const [efiWebhookSecret, owenWebhookToken] = form.watch(['efiWebhookSecret', 'owenWebhookToken']);
  return (
    <>
      {(GATEWAY_FIELDS[gateway] as readonly (typeof GATEWAY_FIELDS)[AvailablePaymentGateway][number][]).map((f) => {
        const description = t(f.hint);
        if (f.kind === 'text')
          return (
            <TextInput
              key={f.key}
              label={t(`platform.${f.key}`)}
              description={description}
              {...form.register(f.key)}
              error={fieldError(f.key)}
              data-testid={`platform-${f.key}`}
            />
          );
        if (f.kind === 'certificate')
          return (
            <Stack key={f.key} gap={4}>
              <Textarea
                label={t(`platform.${f.key}`)}
                description={description}
                autosize
                minRows={2}
                maxRows={6}
                spellCheck={false}
                {...form.register(f.key)}
                error={fieldError(f.key)}
                data-testid={`platform-${f.key}`}
              />
              <Group>
                <FileButton
                  accept=".p12,.pfx,.pem,.crt,.key,application/x-pkcs12"
                  onChange={(file) => {
                    if (!file) return;
                    void readCertificate(file).then((v) =>
                      form.setValue(f.key, v, { shouldDirty: true, shouldValidate: true }),
                    );
                  }}
                >
                  {(props) => (
                    <Button variant="default" size="xs" {...props} data-testid={`platform-${f.key}-upload`}>
                      {t('platform.efiCertificateUpload')}
                    </Button>
                  )}
                </FileButton>
              </Group>
            </Stack>
          );
        return (
          <PasswordInput
            key={f.key}
            label={t(`platform.${f.key}`)}
            description={description}
            autoComplete="off"
            {...form.register(f.key)}
            error={fieldError(f.key)}
            data-testid={`platform-${f.key}`}
          />
        );
      })}
      <CopyField
        label={t('platform.webhookUrl', { events: t(`platform.${gateway}Events`) })}
        value={webhookUrlOf(gateway, { efiWebhookSecret, owenWebhookToken })}
        testId="platform-webhook-url"
        copyText={t('billing.copy')}
        copiedText={t('billing.copied')}
      />
    </>
  );
}

function PlatformSettingsForm({ settings }: { settings: PlatformSettings }) {
  const { t } = useTranslation();
  const save = useSavePlatformSettings();
  const companies = useTenants('active');
  const form = useForm<PlatformSettings>({
    resolver: zodResolver(ZPlatformSettingsUpdate) as never,
    defaultValues: settings,
  });
  const fieldError = useFieldError(form.formState.errors);
  useEffect(() => form.reset(settings), [settings, form]);
  const gateway = form.watch('paymentGateway');

  // Only what changed is sent: a masked secret read from the server is never written back.
  const onSubmit = form.handleSubmit((values) => {
    const dirty = form.formState.dirtyFields;
    const patch = Object.fromEntries(Object.entries(values).filter(([k]) => dirty[k as keyof PlatformSettings]));
    save.mutate(patch, {
      onSuccess: () => notifySuccess(t('platform.saved')),
      onError: (err) => handleFormError(err, form.setError, Object.keys(settings)),
    });
  });
  const flag = (name: 'allowSignup' | 'signupNeedsToken' | 'smtpSecure', label: string, hint?: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Switch
          label={label}
          description={hint}
          checked={isOn(field.value)}
          onChange={(e) => field.onChange(toFlag(e.currentTarget.checked, settings[name]))}
          data-testid={`platform-${name}`}
        />
      )}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Section title={t('platform.signupSection')}>
          <Controller
            control={form.control}
            name="trialDays"
            render={({ field }) => (
              <NumberInput
                label={t('platform.trialDays')}
                description={t('platform.trialDaysHint')}
                value={field.value}
                onChange={(v) => field.onChange(String(v))}
                allowDecimal={false}
                allowNegative={false}
                min={0}
                max={999}
                error={fieldError('trialDays')}
                data-testid="platform-trialDays"
              />
            )}
          />
          <Controller
            control={form.control}
            name="graceDays"
            render={({ field }) => (
              <NumberInput
                label={t('platform.graceDays')}
                description={t('platform.graceDaysHint')}
                value={field.value}
                onChange={(v) => field.onChange(String(v))}
                allowDecimal={false}
                allowNegative={false}
                min={0}
                max={60}
                error={fieldError('graceDays')}
                data-testid="platform-graceDays"
              />
            )}
          />
          {flag('allowSignup', t('platform.allowSignup'), t('platform.allowSignupHint'))}
          {flag('signupNeedsToken', t('resellers.signupNeedsToken'), t('resellers.signupNeedsTokenHint'))}
        </Section>
        <Section title={t('platform.noticeSection')}>
          <Textarea
            label={t('platform.noticeBanner')}
            description={t('platform.noticeBannerHint')}
            autosize
            minRows={3}
            {...form.register('noticeBanner')}
            error={fieldError('noticeBanner')}
            data-testid="platform-noticeBanner"
          />
          <Controller
            control={form.control}
            name="noticeBannerTenants"
            render={({ field }) => (
              <MultiSelect
                label={t('platform.noticeBannerTenants')}
                description={t('platform.noticeBannerTenantsHint')}
                placeholder={field.value ? undefined : t('platform.noticeBannerEveryone')}
                data={(companies.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
                value={(field.value ?? '').split(',').filter(Boolean)}
                onChange={(v) => field.onChange(v.join(','))}
                searchable
                clearable
                error={fieldError('noticeBannerTenants')}
                data-testid="platform-noticeBannerTenants"
              />
            )}
          />
        </Section>
        <Section title={t('platform.smtpSection')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('platform.smtpHost')}
              {...form.register('smtpHost')}
              error={fieldError('smtpHost')}
              data-testid="platform-smtpHost"
            />
            <TextInput
              label={t('platform.smtpPort')}
              inputMode="numeric"
              {...form.register('smtpPort')}
              error={fieldError('smtpPort')}
              data-testid="platform-smtpPort"
            />
            <TextInput
              label={t('platform.smtpUser')}
              autoComplete="off"
              {...form.register('smtpUser')}
              error={fieldError('smtpUser')}
              data-testid="platform-smtpUser"
            />
            <PasswordInput
              label={t('platform.smtpPassword')}
              autoComplete="new-password"
              {...form.register('smtpPassword')}
              error={fieldError('smtpPassword')}
              data-testid="platform-smtpPassword"
            />
          </SimpleGrid>
          <TextInput
            label={t('platform.smtpFrom')}
            description={t('platform.smtpFromHint')}
            {...form.register('smtpFrom')}
            error={fieldError('smtpFrom')}
            data-testid="platform-smtpFrom"
          />
          {flag('smtpSecure', t('platform.smtpSecure'))}
        </Section>
        <Section title={t('platform.paymentSection')}>
          <Controller
            control={form.control}
            name="paymentGateway"
            render={({ field }) => (
              <Select
                label={t('platform.paymentGateway')}
                description={t('platform.gatewayHint')}
                data={[
                  { value: '', label: t('platform.gateways.none') },
                  ...AVAILABLE_PAYMENT_GATEWAYS.map((g) => ({ value: g, label: t(`platform.gateways.${g}`) })),
                ]}
                value={field.value ?? ''}
                onChange={(v) => field.onChange(v ?? '')}
                allowDeselect={false}
                data-testid="platform-paymentGateway"
              />
            )}
          />
          {gateway && isAvailable(gateway) && <GatewayFields gateway={gateway} form={form} fieldError={fieldError} />}
          <TextInput
            label={t('platform.pixKey')}
            description={t('platform.pixKeyHint')}
            {...form.register('pixKey')}
            error={fieldError('pixKey')}
            data-testid="platform-pixKey"
          />
          <TextInput
            label={t('platform.pixName')}
            maxLength={25}
            {...form.register('pixName')}
            error={fieldError('pixName')}
            data-testid="platform-pixName"
          />
          <TextInput
            label={t('platform.pixCity')}
            maxLength={15}
            {...form.register('pixCity')}
            error={fieldError('pixCity')}
            data-testid="platform-pixCity"
          />
        </Section>
      </SimpleGrid>
      <Group justify="flex-end" mt="lg">
        <Button type="submit" loading={save.isPending} disabled={!form.formState.isDirty} data-testid="platform-save">
          {t('common.save')}
        </Button>
      </Group>
    </form>
  );
}

/** Operator: platform-wide settings (trial, notice banner, sign-up, SMTP, payment gateway). */
export function PlatformSettingsPage() {
  const { t } = useTranslation();
  const settings = usePlatformSettings();
  return (
    <>
      <PageHeader title={t('platform.title')} subtitle={t('platform.subtitle')} />
      {settings.isPending ? (
        <LoadingBlock />
      ) : settings.isError ? (
        <ErrorBlock error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <PlatformSettingsForm settings={settings.data} />
      )}
    </>
  );
}
