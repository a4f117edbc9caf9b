import { Button, Group, Modal, MultiSelect, Select, Stack, Text, TextInput } from '@mantine/core';
import type { ChatGroup, ChatPerson } from '@prosa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getSession } from '../../shared/auth/session';
import { toastError } from '../../shared/errors/toast-error';
import { notifySuccess } from '../../shared/ui/notify';
import { useAddMember, useCreateGroup, useDeleteGroup, useRemoveMember, useRenameGroup } from './use-internal-chat';

interface NewGroupProps {
  opened: boolean;
  onClose: () => void;
  people: ChatPerson[];
  teams: { value: string; label: string }[];
  onCreated: (groupId: number) => void;
}

/** A new group: a name and colleagues, or a team whose users join (teams used as chat groups). */
export function NewGroupModal({ opened, onClose, people, teams, onCreated }: NewGroupProps) {
  const { t } = useTranslation();
  const create = useCreateGroup();
  const [name, setName] = useState('');
  const [userIds, setUserIds] = useState<string[]>([]);
  const [teamId, setTeamId] = useState<string | null>(null);
  const close = () => {
    setName('');
    setUserIds([]);
    setTeamId(null);
    onClose();
  };
  const submit = () =>
    create.mutate(
      { name, userIds: userIds.map(Number), teamId: teamId ? Number(teamId) : undefined },
      {
        onSuccess: (g) => {
          notifySuccess(t('ichat.groupCreated'));
          close();
          onCreated((g as ChatGroup).id);
        },
        onError: toastError,
      },
    );
  return (
    <Modal opened={opened} onClose={close} title={t('ichat.newGroup')}>
      <Stack>
        <TextInput
          label={t('ichat.groupName')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          required
          data-testid="ichat-group-name"
        />
        {teams.length > 0 && (
          <Select
            label={t('ichat.fromTeam')}
            description={t('ichat.fromTeamHint')}
            data={teams}
            value={teamId}
            onChange={(v) => {
              setTeamId(v);
              if (v && !name) setName(teams.find((x) => x.value === v)?.label ?? '');
            }}
            clearable
            data-testid="ichat-group-team"
          />
        )}
        <MultiSelect
          label={t('ichat.groupMembers')}
          placeholder={t('ichat.groupMembersPlaceholder')}
          data={people.map((p) => ({ value: String(p.id), label: p.name }))}
          value={userIds}
          onChange={setUserIds}
          searchable
          data-testid="ichat-group-members"
        />
        <Group justify="flex-end">
          <Button onClick={submit} loading={create.isPending} disabled={!name.trim()} data-testid="ichat-group-save">
            {t('ichat.create')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

interface ManageProps {
  group: ChatGroup;
  people: ChatPerson[];
  opened: boolean;
  onClose: () => void;
  onGone: () => void;
}

/** Members of a group: the manager renames, adds, removes and deletes; anyone may leave. */
export function GroupMembersModal({ group, people, opened, onClose, onGone }: ManageProps) {
  const { t } = useTranslation();
  const me = getSession()?.userId;
  const [name, setName] = useState(group.name);
  const [adding, setAdding] = useState<string | null>(null);
  const rename = useRenameGroup();
  const add = useAddMember();
  const remove = useRemoveMember();
  const del = useDeleteGroup();
  const nameOf = new Map(people.map((p) => [p.id, p.name]));
  const outside = people.filter((p) => !group.userIds.includes(p.id));
  const leave = () =>
    remove.mutate({ groupId: group.id, userId: me! }, { onSuccess: () => (onClose(), onGone()), onError: toastError });
  const destroy = () => {
    if (!window.confirm(t('ichat.deleteGroupConfirm', { name: group.name }))) return;
    del.mutate(group.id, { onSuccess: () => (onClose(), onGone()), onError: toastError });
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('ichat.manage')}>
      <Stack>
        {group.canManage && (
          <Group align="flex-end" wrap="nowrap">
            <TextInput
              label={t('ichat.groupName')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              style={{ flex: 1 }}
            />
            <Button
              variant="light"
              disabled={!name.trim() || name === group.name}
              loading={rename.isPending}
              onClick={() => rename.mutate({ id: group.id, name }, { onError: toastError })}
            >
              {t('ichat.rename')}
            </Button>
          </Group>
        )}
        <Stack gap={4}>
          {group.userIds.map((id) => (
            <Group key={id} justify="space-between">
              <Text size="sm">{id === me ? t('ichat.you') : (nameOf.get(id) ?? `#${id}`)}</Text>
              {group.canManage && id !== me && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  onClick={() => remove.mutate({ groupId: group.id, userId: id }, { onError: toastError })}
                >
                  {t('ichat.removeMember')}
                </Button>
              )}
            </Group>
          ))}
        </Stack>
        {group.canManage && outside.length > 0 && (
          <Group align="flex-end" wrap="nowrap">
            <Select
              label={t('ichat.addMember')}
              data={outside.map((p) => ({ value: String(p.id), label: p.name }))}
              value={adding}
              onChange={setAdding}
              searchable
              style={{ flex: 1 }}
            />
            <Button
              variant="light"
              disabled={!adding}
              loading={add.isPending}
              onClick={() =>
                add.mutate(
                  { groupId: group.id, userId: Number(adding) },
                  { onSuccess: () => setAdding(null), onError: toastError },
                )
              }
            >
              {t('ichat.save')}
            </Button>
          </Group>
        )}
        <Group justify="space-between">
          <Button variant="subtle" color="orange" onClick={leave} loading={remove.isPending}>
            {t('ichat.leave')}
          </Button>
          {group.canManage && (
            <Button variant="light" color="red" onClick={destroy} loading={del.isPending}>
              {t('ichat.deleteGroup')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
