import type { Contact } from '@prosa/contracts';
import type { ContactView } from './contacts.policy.js';
import type { ContactRow, TagRef, UserRef } from './contacts.queries.js';

/** Keeps the last 4 digits: '5511987654321' -> '*********4321'. */
export function maskNumber(number: string): string {
  return number.length <= 4 ? number : '*'.repeat(number.length - 4) + number.slice(-4);
}

export const numberFor = (view: ContactView, number: string) => (view.maskNumbers ? maskNumber(number) : number);

export function presentContact(row: ContactRow, tags: TagRef[], wallets: UserRef[], view: ContactView): Contact {
  return {
    id: row.id,
    name: row.name,
    number: numberFor(view, row.number),
    email: row.email,
    profilePicUrl: row.profilePicUrl,
    isGroup: row.isGroup,
    extraInfo: row.extraInfo,
    tags,
    wallets,
    dealValue: row.dealValue,
    description: row.description,
    disableBot: row.disableBot,
    disableCampaign: row.disableCampaign,
    disableCrm: row.disableCrm,
    ignoreContact: row.ignoreContact,
    crmLaneId: row.crmLaneId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    // Whoever sees a contact may edit it (the number only when it sees it, see the policy).
    can: { edit: true, delete: view.canDelete },
  };
}
