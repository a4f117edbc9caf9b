import { Button, Modal, SimpleGrid } from '@mantine/core';
import {
  INTEGRATION_FIELDS,
  INTEGRATION_TYPES,
  ZIntegrationInput,
  type Integration,
  type IntegrationField,
  type IntegrationFormValues,
  type IntegrationInput,
  type IntegrationTypeName,
} from '@prosa/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudFormModal } from '../../shared/crud/crud-form-modal';
import type { FormSlot } from '../../shared/crud/crud-page';
import type { FieldSpec, FormBlock } from '../../shared/crud/form-types';
import { useColorItems } from '../color-items/use-color-items';
import { QUEUES_RESOURCE } from '../color-items/color-item-resource';
import { useSaveIntegration } from './use-integrations';

type Values = IntegrationFormValues & { transferQueueId: string };

function initialValues(type: IntegrationTypeName, item: Integration | null): Values {
  return {
    name: item?.name ?? '',
    type,
    url: item?.url ?? '',
    model: item?.model ?? '',
    prompt: item?.prompt ?? '',
    apiKey: '',
    transferQueueId: item?.transferQueueId ? String(item.transferQueueId) : '',
    typebotSlug: item?.typebotSlug ?? '',
    expiresMinutes: item?.expiresMinutes ?? 0,
    delayMs: item?.delayMs ?? 0,
    finishKeyword: item?.finishKeyword ?? '',
    restartKeyword: item?.restartKeyword ?? '',
    unknownMessage: item?.unknownMessage ?? '',
    maxTokens: item?.maxTokens ?? 512,
    maxMessages: item?.maxMessages ?? 10,
    temperature: item?.temperature ?? 0.7,
    responseFormat: item?.responseFormat ?? 'text',
    voiceKey: '',
  };
}

/** The type first (a new integration), then a form with only that type's fields. */
export function IntegrationFormModal(slot: FormSlot<Integration>) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<IntegrationTypeName | null>(null);
  useEffect(() => {
    if (!slot.opened) setPicked(null);
  }, [slot.opened]);
  const type = slot.item?.type ?? picked;
  if (slot.opened && type === null)
    return (
      <Modal opened onClose={slot.onClose} title={t('integrations.type')} data-testid="integration-type-picker">
        <SimpleGrid cols={2}>
          {INTEGRATION_TYPES.map((ty) => (
            <Button key={ty} variant="light" onClick={() => setPicked(ty)} data-testid={`integration-type-${ty}`}>
              {t(`integrations.types.${ty}`)}
            </Button>
          ))}
        </SimpleGrid>
      </Modal>
    );
  return <TypedForm {...slot} type={type ?? 'n8n'} />;
}

function TypedForm({ type, ...slot }: FormSlot<Integration> & { type: IntegrationTypeName }) {
  const queues = useColorItems(QUEUES_RESOURCE);
  const save = useSaveIntegration();
  const { t } = useTranslation();
  const blocks = useMemo<FormBlock<Values>[]>(() => {
    const has = (f: IntegrationField) => INTEGRATION_FIELDS[type].includes(f);
    const keyHint = (last4: string | null | undefined) => (last4 ? t('integrations.keyKeep', { last4 }) : undefined);
    const fields: FieldSpec<Values>[] = [
      { kind: 'text', name: 'name', label: 'integrations.name', required: true },
      { kind: 'select', name: 'type', label: 'integrations.type', disabled: true, options: INTEGRATION_TYPES.map((ty) => ({ value: ty, label: t(`integrations.types.${ty}`) })) },
    ];
    const optional: [IntegrationField, FieldSpec<Values>][] = [
      ['url', { kind: 'text', name: 'url', label: 'integrations.url', placeholder: 'https://' }],
      ['typebotSlug', { kind: 'text', name: 'typebotSlug', label: 'integrations.typebotSlug' }],
      ['model', { kind: 'text', name: 'model', label: 'integrations.model' }],
      ['prompt', { kind: 'textarea', name: 'prompt', label: 'integrations.prompt', minRows: 3 }],
      ['apiKey', { kind: 'password', name: 'apiKey', label: 'integrations.apiKey', autoComplete: 'off', placeholder: keyHint(slot.item?.apiKeyLast4) }],
      ['transferQueueId', { kind: 'select', name: 'transferQueueId', label: 'integrations.transferQueue', clearable: true, options: (queues.data ?? []).map((q) => ({ value: String(q.id), label: q.name })) }],
      ['expiresMinutes', { kind: 'number', name: 'expiresMinutes', label: 'integrations.expiresMinutes', min: 0 }],
      ['delayMs', { kind: 'number', name: 'delayMs', label: 'integrations.delayMs', min: 0 }],
      ['finishKeyword', { kind: 'text', name: 'finishKeyword', label: 'integrations.finishKeyword' }],
      ['restartKeyword', { kind: 'text', name: 'restartKeyword', label: 'integrations.restartKeyword' }],
      ['unknownMessage', { kind: 'textarea', name: 'unknownMessage', label: 'integrations.unknownMessage' }],
      ['maxTokens', { kind: 'number', name: 'maxTokens', label: 'integrations.maxTokens', min: 1 }],
      ['maxMessages', { kind: 'number', name: 'maxMessages', label: 'integrations.maxMessages', min: 1 }],
      ['temperature', { kind: 'number', name: 'temperature', label: 'integrations.temperature', min: 0, decimals: 1 }],
      ['responseFormat', { kind: 'select', name: 'responseFormat', label: 'integrations.responseFormat', options: [{ value: 'text', label: t('integrations.text') }, { value: 'json', label: t('integrations.json') }] }],
      ['voiceKey', { kind: 'password', name: 'voiceKey', label: 'integrations.voiceKey', autoComplete: 'off', placeholder: keyHint(slot.item?.voiceKeyLast4) }],
    ];
    return [{ key: 'main', cols: 2, fields: [...fields, ...optional.filter(([f]) => has(f)).map(([, spec]) => spec)] }];
  }, [type, queues.data, slot.item, t]);
  return (
    <CrudFormModal<Values, IntegrationInput, Integration, IntegrationInput, Integration>
      {...slot}
      testId="integration"
      titles={{ create: 'integrations.add', edit: 'integrations.edit' }}
      saved={{ create: 'integrations.saved', edit: 'integrations.saved' }}
      schema={ZIntegrationInput}
      initialValues={(item) => initialValues(type, item)}
      blocks={blocks}
      save={save}
      size="lg"
      codeFields={{ ERR_INTEGRATION_EXISTS: 'name', ERR_NO_QUEUE_FOUND: 'transferQueueId' }}
    />
  );
}
