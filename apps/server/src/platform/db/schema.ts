/**
 * The database schema. Every tenant-owned table carries `tenant_id NOT NULL`, indexed first, and is
 * listed in `tenantTables` so the tenant door (tenant-scope.ts) is the only way domain code reaches it.
 */
import * as accounts from './schema-accounts.js';
import * as contactTables from './schema-contacts.js';
import * as desk from './schema-desk.js';
import * as audit from './schema-audit.js';
import * as chatbot from './schema-chatbot.js';
import * as tasks from './schema-tasks.js';
import * as quick from './schema-quick.js';
import * as ichat from './schema-ichat.js';
import * as apiTables from './schema-api-configs.js';
import * as integrationTables from './schema-integrations.js';
import * as kanban from './schema-kanban.js';
import * as campaignTables from './schema-campaigns.js';
import * as billing from './schema-billing.js';
import * as dashboardTables from './schema-dashboard.js';
import * as callTables from './schema-calls.js';

export * from './schema-platform.js';
export * from './schema-accounts.js';
export * from './schema-contacts.js';
export * from './schema-desk.js';
export * from './schema-channels.js';
export * from './schema-whatsapp.js';
export * from './schema-channel-webhooks.js';
export * from './schema-message-actions.js';
export * from './schema-audit.js';
export * from './schema-chatbot.js';
export * from './schema-tasks.js';
export * from './schema-quick.js';
export * from './schema-ichat.js';
export * from './schema-api-configs.js';
export * from './schema-integrations.js';
export * from './schema-kanban.js';
export * from './schema-campaigns.js';
export * from './schema-billing.js';
export * from './schema-dashboard.js';
export * from './schema-calls.js';

/** Every table the tenant door guards. */
export const tenantTables = {
  users: accounts.users,
  queues: accounts.queues,
  userQueues: accounts.userQueues,
  userChannels: desk.userChannels,
  tags: accounts.tags,
  settings: accounts.settings,
  authSessions: accounts.authSessions,
  passwordResets: accounts.passwordResets,
  contacts: contactTables.contacts,
  contactTags: contactTables.contactTags,
  contactWallets: contactTables.contactWallets,
  channels: desk.channels,
  tickets: desk.tickets,
  protocolCounters: desk.protocolCounters,
  ticketLogs: desk.ticketLogs,
  ticketNotes: desk.ticketNotes,
  messages: desk.messages,
  inboundEvents: desk.inboundEvents,
  schedules: desk.schedules,
  auditLogs: audit.auditLogs,
  chatFlows: chatbot.chatFlows,
  chatFlowKeywords: chatbot.chatFlowKeywords,
  tasks: tasks.tasks,
  quickMessages: quick.quickMessages,
  farewellMessages: quick.farewellMessages,
  teams: ichat.teams,
  teamUsers: ichat.teamUsers,
  chatGroups: ichat.chatGroups,
  chatGroupUsers: ichat.chatGroupUsers,
  internalMessages: ichat.internalMessages,
  apiConfigs: apiTables.apiConfigs,
  apiMessages: apiTables.apiMessages,
  integrations: integrationTables.integrations,
  crmLanes: kanban.crmLanes,
  campaigns: campaignTables.campaigns,
  campaignContacts: campaignTables.campaignContacts,
  invoices: billing.invoices,
  invoiceLogs: billing.invoiceLogs,
  dashboardMessageDays: dashboardTables.dashboardMessageDays,
  ticketAgentWork: dashboardTables.ticketAgentWork,
  callLogs: callTables.callLogs,
  callLines: callTables.callLines,
  userCallLines: callTables.userCallLines,
  callIntents: callTables.callIntents,
};
