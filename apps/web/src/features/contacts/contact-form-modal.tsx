import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Divider,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { ZContactInput, ZContactUpdate, ZPhone, type Contact, type ContactUpdate } from '@prosa/contracts';
import { useEffect, useRef } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { revealFirstError } from '../../shared/forms/reveal-first-error';
import { handleFormError } from '../../shared/forms/server-errors';
import { useFieldError } from '../../shared/forms/use-field-error';
import { notifySuccess } from '../../shared/ui/notify';
import { TAGS_RESOURCE } from '../color-items/color-item-resource';
import { useColorItems } from '../color-items/use-color-items';
import { useAllUsers } from '../users/use-all-users';
import { ContactExtraInfo } from './contact-extra-info';
import { useSaveContact } from './use-contacts';

type Values = z.input<typeof ZContactInput>;
/**
 * An edit may leave the number out (ZContactUpdate): it stays as saved. That is how a contact whose
 * number this user sees masked, or a web chat contact without one, is edited: the input starts empty.
 */
const ZEditForm = ZContactUpdate.extend({ number: z.preprocess((v) => (v === '' ? undefined : v), ZPhone.optional()) });
const isMasked = (c: Contact | null) => !!c?.number.includes('*');
const FIELDS = ['name', 'number', 'email', 'extraInfo', 'tags', 'wallets', 'dealValue', 'description'];
const FLAGS = ['disableBot', 'disableCampaign', 'disableCrm', 'ignoreContact'] as const;

function initialValues(c: Contact | null): Values {
  return {
    name: c?.name ?? '',
    number: isMasked(c) ? '' : (c?.number ?? ''),
    email: c?.email ?? '',
    extraInfo: c?.extraInfo ?? [],
    tags: c?.tags.map((t) => t.id) ?? [],
    wallets: c?.wallets.map((w) => w.id) ?? [],
    dealValue: c?.dealValue ?? null,
    description: c?.description ?? '',
    disableBot: c?.disableBot ?? false,
    disableCampaign: c?.disableCampaign ?? false,
    disableCrm: c?.disableCrm ?? false,
    ignoreContact: c?.ignoreContact ?? false,
  };
}

/** Create or edit a contact with ZContactInput, the schema the server validates with (phone: ZPhone). */
export function ContactFormModal({
  opened,
  contact,
  onClose,
  onSaved,
}: {
  opened: boolean;
  contact: Contact | null;
  onClose: () => void;
  onSaved?: (c: Contact) => void;
}) {
  const { t } = useTranslation();
  const save = useSaveContact();
  const tags = useColorItems(TAGS_RESOURCE);
  const users = useAllUsers(opened);
  const form = useForm<Values, unknown, ContactUpdate>({
    resolver: zodResolver(contact ? ZEditForm : ZContactInput) as Resolver<Values, unknown, ContactUpdate>,
    defaultValues: initialValues(contact),
  });
  const fieldError = useFieldError(form.formState.errors);
  const formRef = useRef<HTMLFormElement>(null);
  // A number shown masked (hidden phone numbers) cannot be changed by this user.
  const masked = isMasked(contact);

  useEffect(() => {
    if (opened) form.reset(initialValues(contact));
  }, [opened, contact, form]);

  const onSubmit = form.handleSubmit(
    (values) =>
      save.mutate(
        { id: contact?.id, values },
        {
          onSuccess: (saved) => {
            notifySuccess(t(contact ? 'contacts.updated' : 'contacts.created'));
            onSaved?.(saved);
            onClose();
          },
          onError: (err) => {
            handleFormError(err, form.setError, FIELDS, { ERR_DUPLICATED_CONTACT: 'number' });
            revealFirstError(formRef.current);
          },
        },
      ),
    () => revealFirstError(formRef.current),
  );

  const idsSelect = (
    name: 'tags' | 'wallets',
    label: string,
    data: { value: string; label: string }[],
    testId: string,
    hint?: string,
  ) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <MultiSelect
          label={label}
          description={hint}
          data={data}
          value={(field.value ?? []).map(String)}
          onChange={(v) => field.onChange(v.map(Number))}
          searchable
          clearable
          error={fieldError(name)}
          data-testid={testId}
        />
      )}
    />
  );

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(contact ? 'contacts.editTitle' : 'contacts.createTitle')}
      size="lg"
    >
      <form ref={formRef} onSubmit={onSubmit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('contacts.name')}
              data-autofocus
              withAsterisk
              {...form.register('name')}
              error={fieldError('name')}
              data-testid="contact-name"
            />
            <TextInput
              label={t('contacts.number')}
              description={t('contacts.numberHint')}
              withAsterisk
              inputMode="tel"
              disabled={masked}
              placeholder={masked ? contact?.number : undefined}
              {...form.register('number')}
              error={fieldError('number')}
              data-testid="contact-number"
            />
            <TextInput
              label={t('contacts.email')}
              type="email"
              {...form.register('email')}
              error={fieldError('email')}
              data-testid="contact-email"
            />
            <Controller
              control={form.control}
              name="dealValue"
              render={({ field }) => (
                <NumberInput
                  label={t('contacts.dealValue')}
                  prefix="R$ "
                  decimalSeparator=","
                  thousandSeparator="."
                  decimalScale={2}
                  min={0}
                  value={field.value ?? ''}
                  onChange={(v) => field.onChange(v === '' ? null : Number(v))}
                  error={fieldError('dealValue')}
                  data-testid="contact-deal"
                />
              )}
            />
          </SimpleGrid>
          {idsSelect(
            'tags',
            t('contacts.tags'),
            (tags.data ?? []).map((tg) => ({ value: String(tg.id), label: tg.name })),
            'contact-tags',
          )}
          {idsSelect(
            'wallets',
            t('contacts.wallets'),
            (users.data ?? []).map((u) => ({ value: String(u.id), label: u.name })),
            'contact-wallets',
            t('contacts.walletsHint'),
          )}
          <ContactExtraInfo form={form} fieldError={fieldError} />
          <Textarea
            label={t('contacts.description')}
            autosize
            minRows={2}
            maxRows={6}
            {...form.register('description')}
            error={fieldError('description')}
            data-testid="contact-description"
          />
          <Divider label={t('contacts.flags')} labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {FLAGS.map((flag) => (
              <Controller
                key={flag}
                control={form.control}
                name={flag}
                render={({ field }) => (
                  <Switch
                    label={t(`contacts.${flag}`)}
                    description={t(`contacts.${flag}Hint`)}
                    checked={!!field.value}
                    onChange={(e) => field.onChange(e.currentTarget.checked)}
                    data-testid={`contact-${flag}`}
                  />
                )}
              />
            ))}
          </SimpleGrid>
          {/* Sticky: the form is taller than a laptop window, and Save must stay in reach. */}
          <Group justify="flex-end" className="prosa-form-footer">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="contact-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
