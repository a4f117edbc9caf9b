import { PROFILES, ZCreateUser, ZUpdateUser, type Profile, type User } from '@prosa/contracts';
import { useTranslation } from 'react-i18next';
import { CrudFormModal } from '../../shared/crud/crud-form-modal';
import type { FormBlock } from '../../shared/crud/form-types';
import { QUEUES_RESOURCE } from '../color-items/color-item-resource';
import { useColorItems } from '../color-items/use-color-items';
import { useCallLines } from '../call-lines/use-call-lines';
import { UserChannelsField } from './user-channels-field';
import { useSaveUser } from './use-users';

interface UserFormValues {
  name: string;
  email: string;
  password: string;
  profile: Profile;
  queues: number[];
  channelIds: number[];
  ignoreWallet: boolean;
  blockMultipleLogins: boolean;
  callLineIds: number[];
  callsBlocked: boolean;
}

function initialValues(user: User | null): UserFormValues {
  return {
    name: user?.name ?? '',
    email: user?.email ?? '',
    password: '',
    profile: user?.profile ?? 'user',
    queues: user?.queues.map((q) => q.id) ?? [],
    channelIds: user?.channelIds ?? [],
    ignoreWallet: user?.ignoreWallet ?? false,
    blockMultipleLogins: user?.blockMultipleLogins ?? false,
    callLineIds: user?.callLineIds ?? [],
    callsBlocked: user?.callsBlocked ?? false,
  };
}

/** Create (ZCreateUser) or edit (ZUpdateUser) a user; the profile is editable only where `can.changeProfile`. */
export function UserFormModal({ opened, user, onClose }: { opened: boolean; user: User | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveUser();
  const queues = useColorItems(QUEUES_RESOURCE);
  const callLines = useCallLines(opened);
  const canChangeProfile = !user || user.can.changeProfile;
  // An edit sends the profile only where it may change, and a password only when one is typed.
  const toPayload = ({ password, profile, ...rest }: UserFormValues) =>
    user
      ? { ...rest, ...(canChangeProfile ? { profile } : {}), ...(password ? { password } : {}) }
      : { ...rest, profile, password };
  const blocks: FormBlock<UserFormValues>[] = [
    {
      key: 'account',
      cols: 2,
      fields: [
        { kind: 'text', name: 'name', label: 'users.name' },
        { kind: 'email', name: 'email', label: 'users.email' },
        {
          kind: 'password',
          name: 'password',
          label: user ? 'users.passwordKeep' : 'users.password',
          description: user ? 'users.passwordKeepHint' : undefined,
        },
        {
          kind: 'select',
          name: 'profile',
          label: 'users.profile',
          options: PROFILES.map((p) => ({ value: p, label: t(`profiles.${p}`) })),
          disabled: !canChangeProfile,
        },
      ],
    },
    {
      key: 'work',
      fields: [
        {
          kind: 'multiselect',
          name: 'queues',
          label: 'users.queues',
          placeholder: 'users.queuesPlaceholder',
          numeric: true,
          options: (queues.data ?? []).map((q) => ({ value: String(q.id), label: q.name })),
        },
        {
          kind: 'custom',
          key: 'channelIds',
          names: ['channelIds'],
          render: ({ form, fieldError }) => (
            <UserChannelsField control={form.control} name="channelIds" error={fieldError('channelIds')} />
          ),
        },
        { kind: 'switch', name: 'ignoreWallet', label: 'users.ignoreWallet', description: 'users.ignoreWalletHint' },
        {
          kind: 'switch',
          name: 'blockMultipleLogins',
          label: 'users.blockMultipleLogins',
          description: 'users.blockMultipleLoginsHint',
        },
      ],
    },
    {
      key: 'calls',
      title: 'calls.lines.title',
      fields: [
        {
          kind: 'multiselect',
          name: 'callLineIds',
          label: 'calls.user.lines',
          description: 'calls.user.linesHint',
          placeholder: 'calls.user.linesPlaceholder',
          numeric: true,
          testId: 'user-call-lines',
          options: (callLines.data ?? []).map((l) => ({ value: String(l.id), label: l.name })),
        },
        { kind: 'switch', name: 'callsBlocked', label: 'calls.user.blocked', description: 'calls.user.blockedHint', testId: 'user-calls-blocked' },
      ],
    },
  ];
  return (
    <CrudFormModal<UserFormValues, UserFormValues, User, ReturnType<typeof toPayload>>
      opened={opened}
      onClose={onClose}
      item={user}
      testId="user"
      titles={{ create: 'users.createTitle', edit: 'users.editTitle' }}
      saved={{ create: 'users.created', edit: 'users.updated' }}
      schema={user ? ZUpdateUser : ZCreateUser}
      initialValues={initialValues}
      blocks={blocks}
      save={save}
      toPayload={toPayload}
      codeFields={{ ERR_EMAIL_ALREADY_EXISTS: 'email' }}
      size="lg"
    />
  );
}
