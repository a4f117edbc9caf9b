import { ZApiConfigInput, type ApiConfig, type ApiConfigInput, type ApiConfigWithToken } from '@prosa/contracts';
import { CrudFormModal } from '../../shared/crud/crud-form-modal';
import type { FormSlot } from '../../shared/crud/crud-page';
import type { FormBlock } from '../../shared/crud/form-types';
import { useChannels } from '../sessions/use-channels';
import { useSaveApiConfig } from './use-api-configs';

interface FormValues {
  name: string;
  channelId: string;
  statusUrl: string;
  active: boolean;
}

const initialValues = (item: ApiConfig | null): FormValues => ({
  name: item?.name ?? '',
  channelId: item ? String(item.channelId) : '',
  statusUrl: item?.statusUrl ?? '',
  active: item?.active ?? true,
});

/** Name, send-by connection, status URL and active; the server's schema checks them here too. */
export function ApiConfigFormModal(slot: FormSlot<ApiConfig> & { onCreated: (created: ApiConfigWithToken) => void }) {
  const save = useSaveApiConfig();
  const channels = useChannels();
  const blocks: FormBlock<FormValues>[] = [
    {
      key: 'main',
      fields: [
        { kind: 'text', name: 'name', label: 'apiConfigs.name', required: true },
        {
          kind: 'select',
          name: 'channelId',
          label: 'apiConfigs.channel',
          description: 'apiConfigs.channelHint',
          required: true,
          options: (channels.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
        },
        { kind: 'text', name: 'statusUrl', label: 'apiConfigs.statusUrl', description: 'apiConfigs.statusUrlHint' },
        { kind: 'switch', name: 'active', label: 'apiConfigs.active', description: 'apiConfigs.activeHint' },
      ],
    },
  ];
  return (
    <CrudFormModal<FormValues, ApiConfigInput, ApiConfig, ApiConfigInput, ApiConfig | ApiConfigWithToken>
      {...slot}
      testId="api-config"
      titles={{ create: 'apiConfigs.createTitle', edit: 'apiConfigs.editTitle' }}
      saved={{ create: 'apiConfigs.created', edit: 'apiConfigs.updated' }}
      schema={ZApiConfigInput}
      initialValues={initialValues}
      blocks={blocks}
      save={save}
      codeFields={{ ERR_API_CONFIG_EXISTS: 'name', ERR_NO_WAPP_FOUND: 'channelId' }}
      onSaved={(saved) => {
        if ('token' in saved) slot.onCreated(saved);
      }}
    />
  );
}
