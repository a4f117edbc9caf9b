import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, FileButton, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  BRANDING_IMAGE_TYPES,
  BRANDING_MEDIA_REFS,
  ZBrandingUpdate,
  type Branding,
  type BrandingMediaRef,
  type BrandingUpdate,
} from '@prosa/contracts';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useEffect, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../shared/errors/use-error-message';
import { FormField } from '../../shared/crud/form-field';
import { handleFormError } from '../../shared/forms/server-errors';
import { useFieldError } from '../../shared/forms/use-field-error';
import { Brand } from '../../shared/ui/brand';
import { notifySuccess } from '../../shared/ui/notify';
import { PageHeader } from '../../shared/ui/page-header';
import { ErrorBlock, LoadingBlock } from '../../shared/ui/query-state';
import { useBrandingAdmin, useRemoveBrandingImage, useSaveBranding, useUploadBrandingImage } from './use-branding-admin';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper p="lg">
      <Title order={3} size="h4" mb="md">
        {title}
      </Title>
      <Stack gap="md">{children}</Stack>
    </Paper>
  );
}

/** Name and colour, with the schema the server validates with. */
function IdentityForm({ branding }: { branding: Branding }) {
  const { t } = useTranslation();
  const save = useSaveBranding();
  const values = { productName: branding.productName, primaryColor: branding.primaryColor };
  const form = useForm<BrandingUpdate>({ resolver: zodResolver(ZBrandingUpdate), defaultValues: values });
  const fieldError = useFieldError(form.formState.errors);
  const { productName, primaryColor } = branding;
  useEffect(() => form.reset({ productName, primaryColor }), [productName, primaryColor, form]);
  const onSubmit = form.handleSubmit((patch) =>
    save.mutate(patch, {
      onSuccess: () => notifySuccess(t('whiteLabel.saved')),
      onError: (err) => handleFormError(err, form.setError, ['productName', 'primaryColor']),
    }),
  );
  const ctx = { form, fieldError };
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <FormField
          spec={{ kind: 'text', name: 'productName', label: 'whiteLabel.productName', description: 'whiteLabel.productNameHint' }}
          ctx={ctx}
          testIdPrefix="white-label"
        />
        <FormField
          spec={{ kind: 'color', name: 'primaryColor', label: 'whiteLabel.primaryColor', description: 'whiteLabel.primaryColorHint' }}
          ctx={ctx}
          testIdPrefix="white-label"
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={!form.formState.isDirty} data-testid="white-label-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** One logo or icon: its preview on the background it is meant for, upload and remove. */
function ImageSlot({ branding, ref_ }: { branding: Branding; ref_: BrandingMediaRef }) {
  const { t } = useTranslation();
  const { toast } = useErrorMessage();
  const upload = useUploadBrandingImage();
  const remove = useRemoveBrandingImage();
  const image = branding[ref_];
  const darkBackground = ref_ === 'logoDark';
  const isLogo = ref_ === 'logo' || ref_ === 'logoDark';
  const label = t(`whiteLabel.refs.${ref_}.label`);
  const onFile = (file: File | null) => {
    if (!file) return;
    upload.mutate({ ref: ref_, file }, { onSuccess: () => notifySuccess(t('whiteLabel.uploaded')), onError: toast });
  };
  return (
    <Stack gap="xs" data-testid={`white-label-${ref_}`} data-uploaded={image ? 'true' : 'false'}>
      <div>
        <Text fw={600} size="sm">
          {label}
        </Text>
        <Text c="dimmed" size="xs">
          {t(`whiteLabel.refs.${ref_}.hint`)}
        </Text>
      </div>
      <Box
        p="sm"
        h={96}
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          borderRadius: 'var(--mantine-radius-md)',
          border: '1px solid var(--mantine-color-default-border)',
          background: darkBackground ? 'var(--mantine-color-dark-7)' : 'var(--mantine-color-white)',
        }}
      >
        {image ? (
          <img
            src={image.url}
            alt={label}
            style={{ maxHeight: isLogo ? 72 : 64, maxWidth: '100%', imageRendering: isLogo ? 'auto' : 'pixelated' }}
            data-testid={`white-label-${ref_}-preview`}
          />
        ) : (
          <Text size="sm" c={darkBackground ? 'gray.3' : 'gray.7'}>
            {t('whiteLabel.none')}
          </Text>
        )}
      </Box>
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">
          {image ? t('whiteLabel.size', { width: image.width, height: image.height }) : ''}
        </Text>
        <Group gap="xs">
          {image && (
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconTrash size={14} />}
              loading={remove.isPending}
              onClick={() => remove.mutate(ref_, { onSuccess: () => notifySuccess(t('whiteLabel.removed')), onError: toast })}
              aria-label={`${t('whiteLabel.remove')}: ${label}`}
              data-testid={`white-label-${ref_}-remove`}
            >
              {t('whiteLabel.remove')}
            </Button>
          )}
          <FileButton
            onChange={onFile}
            accept={BRANDING_IMAGE_TYPES.join(',')}
            inputProps={{ 'aria-label': label, 'data-testid': `white-label-${ref_}-file` } as Record<string, string>}
          >
            {(props) => (
              <Button
                {...props}
                variant="light"
                size="xs"
                leftSection={<IconPhotoUp size={14} />}
                loading={upload.isPending}
                aria-label={`${image ? t('whiteLabel.replace') : t('whiteLabel.upload')}: ${label}`}
                data-testid={`white-label-${ref_}-upload`}
              >
                {image ? t('whiteLabel.replace') : t('whiteLabel.upload')}
              </Button>
            )}
          </FileButton>
        </Group>
      </Group>
    </Stack>
  );
}

/** How the header and a primary button look with the branding (the theme follows it live). */
function Preview() {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" p="sm" style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)' }}>
      <Brand />
      <Button size="xs" tabIndex={-1} aria-hidden>
        {t('whiteLabel.previewButton')}
      </Button>
    </Group>
  );
}

/** Operator: the product's name, colour, logos and icons (issue 16, SPEC §9). */
export function WhiteLabelPage() {
  const { t } = useTranslation();
  const branding = useBrandingAdmin();
  return (
    <>
      <PageHeader title={t('whiteLabel.title')} subtitle={t('whiteLabel.subtitle')} />
      {branding.isPending ? (
        <LoadingBlock />
      ) : branding.isError ? (
        <ErrorBlock error={branding.error} onRetry={() => void branding.refetch()} />
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <Stack gap="lg">
            <Section title={t('whiteLabel.identitySection')}>
              <IdentityForm branding={branding.data} />
            </Section>
            <Section title={t('whiteLabel.previewSection')}>
              <Preview />
            </Section>
          </Stack>
          <Section title={t('whiteLabel.imagesSection')}>
            <Text size="sm" c="dimmed">
              {t('whiteLabel.imagesHint')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
              {BRANDING_MEDIA_REFS.map((ref) => (
                <ImageSlot key={ref} branding={branding.data} ref_={ref} />
              ))}
            </SimpleGrid>
          </Section>
        </SimpleGrid>
      )}
    </>
  );
}
