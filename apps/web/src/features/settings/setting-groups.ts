import type { SettingKey } from '@prosa/contracts';

export type SettingGroup = 'visibility' | 'agents' | 'contacts' | 'automation' | 'channels' | 'lists';
export type SettingControlKind = 'toggle' | 'time' | 'distribution' | 'number' | 'text';

/**
 * How the settings screen arranges the tenant settings. `botTicketActive` (the default chatbot flow)
 * is left out until chatbot flows exist to choose from.
 */
export const SETTING_GROUPS: { group: SettingGroup; keys: SettingKey[] }[] = [
  {
    group: 'visibility',
    keys: [
      'NotViewTicketsChatBot',
      'NotViewAssignedTickets',
      'NotViewTicketsQueueUndefined',
      'onlyOwnQueues',
      'viewPrivateTickets',
      'hidePhoneNumber',
      'auditMode',
    ],
  },
  { group: 'agents', keys: ['spyticket', 'userReopenTicket', 'userDisableSignature', 'userCreation'] },
  { group: 'contacts', keys: ['ContactAdmin', 'userContactWallet', 'DirectTicketsToWallets', 'separateLanesPerUser'] },
  {
    group: 'automation',
    keys: [
      'botDistribution',
      'autoCloseTicketsTime',
      'autoCloseTicketsMessage',
      'autoPendingTicketsTime',
      'autoPendingTicketsMessage',
      'maxRetriesBusinessHours',
      'slaFirstResponseMinutes',
    ],
  },
  { group: 'channels', keys: ['ignoreGroupMsg', 'groupnotification', 'rejectCalls', 'callRejectMessage'] },
  { group: 'lists', keys: ['TicketsLimitOpen', 'TicketsLimitPending', 'TicketsLimitClosed'] },
];

export function controlKind(key: SettingKey): SettingControlKind {
  switch (key) {
    case 'autoCloseTicketsTime':
    case 'autoPendingTicketsTime':
      return 'time';
    case 'botDistribution':
      return 'distribution';
    case 'TicketsLimitOpen':
    case 'TicketsLimitPending':
    case 'TicketsLimitClosed':
    case 'maxRetriesBusinessHours':
    case 'slaFirstResponseMinutes':
      return 'number';
    case 'callRejectMessage':
    case 'autoCloseTicketsMessage':
    case 'autoPendingTicketsMessage':
    case 'botTicketActive':
      return 'text';
    default:
      return 'toggle';
  }
}
