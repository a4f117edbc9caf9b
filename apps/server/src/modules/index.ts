import type { FastifyPluginAsync } from 'fastify';
import { metaRoutes } from '../channels/meta/meta.routes.js';
import { telegramRoutes } from '../channels/telegram/telegram.routes.js';
import { wabaRoutes } from '../channels/waba/waba.routes.js';
import { webchatRoutes } from '../channels/webchat/webchat.routes.js';
import '../channels/whatsapp/whatsapp.adapter.js'; // registers WhatsApp Web (a socket per channel, no routes)
import { adminRoutes } from './admin/admin.routes.js';
import { authRoutes } from './auth/auth.routes.js';
import { channelsRoutes } from './channels/channels.routes.js';
import { channelWebhooksRoutes } from './channel-webhooks/channel-webhooks.routes.js';
import { contactsRoutes } from './contacts/contacts.routes.js';
import { messagesRoutes } from './messages/messages.routes.js';
import { publicRoutes } from './public/public.routes.js';
import { queuesRoutes } from './queues/queues.routes.js';
import { settingsRoutes } from './settings/settings.routes.js';
import { tagsRoutes } from './tags/tags.routes.js';
import { tenantsRoutes } from './tenants/tenants.routes.js';
import { ticketsRoutes } from './tickets/tickets.routes.js';
import { usersRoutes } from './users/users.routes.js';

/** Every domain's routes, registered once. */
export const registerModules: FastifyPluginAsync = async (app) => {
  await app.register(authRoutes);
  await app.register(channelsRoutes);
  await app.register(channelWebhooksRoutes);
  await app.register(contactsRoutes);
  await app.register(adminRoutes);
  await app.register(messagesRoutes);
  await app.register(publicRoutes);
  await app.register(queuesRoutes);
  await app.register(settingsRoutes);
  await app.register(tagsRoutes);
  await app.register(tenantsRoutes);
  await app.register(ticketsRoutes);
  await app.register(usersRoutes);
  await app.register(webchatRoutes);
  await app.register(wabaRoutes);
  await app.register(telegramRoutes);
  await app.register(metaRoutes);
};
