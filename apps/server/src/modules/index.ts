import type { FastifyPluginAsync } from 'fastify';
import { registerDomainGauges } from './metrics.gauges.js';
import { adminRoutes } from './admin/admin.routes.js';
import { helpsRoutes } from './helps/helps.routes.js';
import { resellersRoutes } from './resellers/resellers.routes.js';
import { brandingRoutes } from './branding/branding.routes.js';
import { billingRoutes } from './billing/billing.routes.js';
import { authRoutes } from './auth/auth.routes.js';
import { channelsRoutes } from './channels/channels.routes.js';
import { chatFlowKeywordsRoutes } from './chat-flows/chat-flow-keywords.routes.js';
import { chatFlowsRoutes } from './chat-flows/chat-flows.routes.js';
import { registerChatbot } from './chatbot/chatbot.hook.js';
import { chatbotRoutes } from './chatbot/chatbot.routes.js';
import { channelWebhooksRoutes } from './channel-webhooks/channel-webhooks.routes.js';
import { contactsRoutes } from './contacts/contacts.routes.js';
import { farewellsRoutes } from './farewells/farewells.routes.js';
import { messagesRoutes } from './messages/messages.routes.js';
import { publicRoutes } from './public/public.routes.js';
import { queuesRoutes } from './queues/queues.routes.js';
import { quickMessagesRoutes } from './quick-messages/quick-messages.routes.js';
import { schedulesRoutes } from './schedules/schedules.routes.js';
import { settingsRoutes } from './settings/settings.routes.js';
import { tagsRoutes } from './tags/tags.routes.js';
import { tasksRoutes } from './tasks/tasks.routes.js';
import { dashboardRoutes } from './dashboard/dashboard.routes.js';
import { teamsRoutes } from './teams/teams.routes.js';
import { internalChatRoutes } from './internal-chat/internal-chat.routes.js';
import { tenantsRoutes } from './tenants/tenants.routes.js';
import { ticketsRoutes } from './tickets/tickets.routes.js';
import { usersRoutes } from './users/users.routes.js';
import { registerApiHooks } from './api-configs/api-hooks.js';
import { apiConfigsRoutes } from './api-configs/api-configs.routes.js';
import { externalApiRoutes } from './api-configs/external/external.routes.js';
import { registerIntegrations } from './integrations/integrations.hook.js';
import { integrationsRoutes } from './integrations/integrations.routes.js';
import { kanbanRoutes } from './kanban/kanban.routes.js';
import { panelRoutes } from './panel/panel.routes.js';
import { registerCampaigns } from './campaigns/campaign-receipts.js';
import { campaignsRoutes } from './campaigns/campaigns.routes.js';
import { reportsRoutes } from './reports/reports.routes.js';

/** Every domain's routes, registered once. The channels' own routes: channels/index.ts. */
export const registerModules: FastifyPluginAsync = async (app) => {
  // Outboxes, inbound backlog, channel sessions: read at scrape time, when metrics are on.
  registerDomainGauges(app.platform);
  // The chatbot reaches the inbound path through its port (messages/after-inbound.ts).
  // Before the chatbot's hook: a new ticket of a queue with an integration goes to it, not the bot.
  registerIntegrations();
  registerChatbot();
  await app.register(chatbotRoutes);
  await app.register(authRoutes);
  await app.register(channelsRoutes);
  await app.register(channelWebhooksRoutes);
  await app.register(chatFlowsRoutes);
  await app.register(chatFlowKeywordsRoutes);
  await app.register(contactsRoutes);
  await app.register(adminRoutes);
  await app.register(helpsRoutes);
  await app.register(resellersRoutes);
  await app.register(brandingRoutes);
  await app.register(billingRoutes);
  await app.register(messagesRoutes);
  await app.register(publicRoutes);
  await app.register(queuesRoutes);
  await app.register(quickMessagesRoutes);
  await app.register(farewellsRoutes);
  await app.register(schedulesRoutes);
  await app.register(settingsRoutes);
  await app.register(tagsRoutes);
  await app.register(tasksRoutes);
  await app.register(dashboardRoutes);
  await app.register(teamsRoutes);
  await app.register(internalChatRoutes);
  await app.register(tenantsRoutes);
  await app.register(ticketsRoutes);
  await app.register(usersRoutes);
  // API configurations: hooks through the inbound and status ports; admin and external routes.
  registerApiHooks();
  await app.register(apiConfigsRoutes);
  await app.register(externalApiRoutes);
  await app.register(integrationsRoutes);
  await app.register(kanbanRoutes);
  await app.register(panelRoutes);
  // Campaigns: delivery receipts through the status port (messages/after-status.ts).
  registerCampaigns();
  await app.register(campaignsRoutes);
  await app.register(reportsRoutes);
};
