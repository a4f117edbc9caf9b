import type { ErrorCatalogue } from '../index.js';

/** Error texts (en) of channels and WhatsApp, and readiness; joined in en.ts. */
export const errorsEnChannels = {
  // WhatsApp and channels
  ERR_WAPP_INVALID_CONTACT: {
    message: 'This is not a valid WhatsApp number.',
    description: 'The number you entered is not registered on WhatsApp.',
    detail: 'Check the number, including country and area code, and try again.',
  },
  ERR_WAPP_CHECK_CONTACT: {
    message: 'Could not verify the contact on WhatsApp.',
    description: 'Looking up the number on WhatsApp failed.',
    detail: 'Make sure the connection is active under Connections and try again.',
  },
  ERR_DELETE_WAPP_MSG: {
    message: 'This message cannot be deleted.',
    description: 'Only messages sent in the last 24 hours can be deleted.',
    detail: 'Older messages can no longer be deleted on WhatsApp.',
  },
  ERR_SENDING_WAPP_MSG: {
    message: 'Error sending the message via WhatsApp.',
    description: 'WhatsApp did not accept the message.',
    detail: 'Check the connection under Connections and try sending again.',
  },
  ERR_WAPP_NOT_INITIALIZED: {
    message: 'WhatsApp connection not started.',
    description: 'The WhatsApp connection is not connected or is restarting.',
    detail: 'Wait a moment or check its status under Connections; if needed, scan the QR code again.',
  },
  ERR_CONTACTS_NOT_EXISTS_WHATSAPP: {
    message: 'Contact does not exist on WhatsApp.',
    description: 'One or more of the numbers entered are not registered on WhatsApp.',
    detail: "Review the contacts' numbers and try again.",
  },
  ERR_NO_WAPP_FOUND: {
    message: 'Connection not found.',
    description: 'The requested connection does not exist or has been deleted.',
    detail: 'Refresh the connection list and try again.',
  },
  ERR_NO_DEF_WAPP_FOUND: {
    message: 'No default connection found.',
    description: 'No connection is set as the default for this company.',
    detail: 'Set a connection as the default under Connections.',
  },
  ERR_FETCH_WAPP_MSG: {
    message: 'Error fetching the message from WhatsApp.',
    description: 'The message is too old and could not be retrieved from WhatsApp.',
    detail: 'Older messages may no longer be available on the device.',
  },
  ERR_MEDIA_DOWNLOAD_FAILED: {
    message: 'Media download failed.',
    description: "The message's media file could not be downloaded.",
    detail: 'Try again later; the media may have expired on the source device.',
  },
  ERR_CHANNEL_NAME_EXISTS: {
    message: 'A connection with this name already exists.',
    description: "Each connection's name is unique in the company.",
    detail: 'Choose another name for the connection.',
  },
  ERR_CHANNEL_TOKEN_INVALID: {
    message: 'The provider refused the connection token.',
    description: 'The token or credentials given were not accepted by the provider.',
    detail: "Check the token and credentials in the provider's panel and try again.",
  },
  ERR_WEBHOOK_SIGNATURE: {
    message: 'Invalid webhook signature.',
    description: "The call was not signed by the provider with this connection's secret.",
    detail: 'Check the app secret configured on the connection.',
  },
  ERR_WINDOW_CLOSED: {
    message: 'The 24-hour window is closed.',
    description: 'The customer has not written for over 24 hours; only an approved template can be sent.',
    detail: 'Send an approved template to reopen the conversation.',
  },
  ERR_NO_TEMPLATE_FOUND: {
    message: 'Template not found.',
    description: 'The template does not exist or is not approved on this connection.',
    detail: "Sync the connection's templates and try again.",
  },
  ERR_CHANNEL_NOT_SUPPORTED: {
    message: 'Action not available for this connection type.',
    description: "This connection's provider does not offer this action.",
    detail: 'Use a connection of another type for this action.',
  },
  ERR_REQUEST_TOO_LARGE: {
    message: 'The request is too large.',
    description: 'The data sent exceeds the size the server accepts.',
    detail: 'Send less data at a time and try again.',
  },
  ERR_UNSUPPORTED_MEDIA_TYPE: {
    message: 'Request format not supported.',
    description: 'The data was sent in a format this address does not accept.',
    detail: 'Refresh the page and try again; if it persists, contact support.',
  },
  ERR_PROXY_PRIVATE_ADDRESS: {
    message: 'The proxy cannot point to an internal address.',
    description: 'The proxy address is on a private, local or reserved network.',
    detail: 'Use a proxy reachable on the internet, or ask the operator to allow private addresses.',
  },
  ERR_PROVIDER_UNAVAILABLE: {
    message: 'The provider did not answer.',
    description: 'The channel provider could not be reached or answered with an error.',
    detail: 'Wait a moment and try again.',
  },
  // Readiness (/readyz)
  ERR_DATABASE_UNAVAILABLE: {
    message: 'The database is unavailable.',
    description: 'The server cannot reach its database right now.',
    detail: 'Wait a moment and try again. If it persists, the administrator should check the database server.',
  },
  ERR_JOB_QUEUE_UNAVAILABLE: {
    message: 'The background job queue is unavailable.',
    description: 'The server cannot run background work (sending messages, imports, reminders) right now.',
    detail:
      'Wait a moment and try again. If it persists, the administrator should check the server logs and the database.',
  },
  ERR_REDIS_UNAVAILABLE: {
    message: 'The real-time service is unavailable.',
    description: 'The server cannot reach Redis, which shares live updates between servers.',
    detail: 'Wait a moment and try again. If it persists, the administrator should check the Redis server.',
  },
  ERR_API_CONFIG_EXISTS: {
    message: 'An API configuration with this name already exists.',
    description: "Each API configuration's name is unique in the company.",
    detail: 'Choose another name for the configuration.',
  },
} satisfies Partial<ErrorCatalogue>;
