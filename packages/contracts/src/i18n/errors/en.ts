import type { ErrorCatalogue } from '../index.js';

/** Error texts in English (SPEC §8): short toast message, what happened, what to do. */
export const errorsEn: ErrorCatalogue = {
  // Session and login
  ERR_SESSION_EXPIRED: {
    message: 'Session expired or accessed from another device. Please log in again.',
    description: 'Your session ended due to inactivity or because your account was accessed from another device.',
    detail: 'Log in again with your email and password to continue.',
  },
  ERR_INVALID_CREDENTIALS: {
    message: 'Invalid login details.',
    description: 'The email or password you entered is incorrect.',
    detail: 'Check what you typed and try again. If you forgot your password, use "Forgot my password".',
  },
  ERR_TOKEN_EXPIRED: {
    message: 'Access token expired.',
    description: 'Your session access token expired and is being renewed automatically.',
    detail: 'Repeat the action. If the message persists, refresh the page or log in again.',
  },
  ERR_NO_PERMISSION: {
    message: "You don't have permission to do this.",
    description: 'Your user profile does not have access to this resource.',
    detail: "Ask your company's administrator for permission.",
  },
  ERR_USER_CREATION_DISABLED: {
    message: 'User creation is disabled.',
    description: 'Registering new users is disabled on this platform.',
    detail: 'Contact the platform administrator to create the user.',
  },
  ERR_EMAIL_ALREADY_EXISTS: {
    message: 'A user with this email already exists.',
    description: 'The email you entered is already registered to another user.',
    detail: 'Use a different email or edit the existing user.',
  },
  ERR_PLAN_NAME_EXISTS: {
    message: 'Plan name already exists or is invalid.',
    description: 'A plan with this name already exists, or the name entered is not valid.',
    detail: 'Choose a different name for the plan and save again.',
  },
  ERR_PREMIUM_FEATURE: {
    message: 'This feature is available on the Premium plan only.',
    description: "This feature is not included in your company's current plan.",
    detail: 'Upgrade your plan to use this feature.',
  },
  ERR_RESELLER_TOKEN_ONLY: {
    message: 'Tokens are available to authorized resellers only.',
    description: 'Only authorized resellers can generate or use this token.',
    detail: 'If you are a reseller, contact support to enable access.',
  },
  ERR_TOO_MANY_ATTEMPTS: {
    message: 'Too many login attempts.',
    description: 'Too many sign-in attempts were made in a short time, so login was temporarily blocked.',
    detail: 'Wait a few minutes and try again.',
  },
  ERR_INVALID_RESET_CODE: {
    message: 'Invalid or expired reset code.',
    description: 'The password reset code you entered is not valid or has expired.',
    detail: 'Check the code you received by email or request a new one.',
  },
  ERR_PLAN_EXPIRED: {
    message: 'Your plan has expired. Please renew it to continue.',
    description: "Your company's plan is past its due date.",
    detail: 'Go to Billing and pay the open invoice to renew your plan.',
  },
  ERR_TENANT_INACTIVE: {
    message: 'Company inactive.',
    description: "Your company's access to the platform has been deactivated.",
    detail: 'Contact support to reactivate the company.',
  },
  ERR_USER_LIMIT_REACHED: {
    message: 'User limit reached.',
    description: 'Your company already has the maximum number of users allowed by its plan.',
    detail: 'Remove a user or upgrade your plan to add more.',
  },
  ERR_CONNECTION_LIMIT_REACHED: {
    message: 'Connection limit reached.',
    description: 'Your company already has the maximum number of connections allowed by its plan.',
    detail: 'Remove a connection or upgrade your plan to add more.',
  },
  // Generic
  ERR_VALIDATION: {
    message: 'Please check the form fields.',
    description: 'One or more fields are empty or contain invalid values.',
    detail: 'Fix the highlighted fields and try again.',
  },
  ERR_NOT_FOUND: {
    message: 'Record not found.',
    description: 'The requested item does not exist or has been deleted.',
    detail: 'Refresh the page to see the latest data.',
  },
  ERR_INTERNAL: {
    message: 'An unidentified error occurred.',
    description: 'The server ran into an unexpected problem while processing the request.',
    detail: 'Refresh the page and, if the problem persists, contact support.',
  },
  ERR_FILE_TOO_LARGE: {
    message: 'File too large.',
    description: 'The uploaded file exceeds the maximum allowed size.',
    detail: 'Upload a smaller file or split it into several uploads.',
  },
  ERR_FILE_TYPE_NOT_ALLOWED: {
    message: 'File type not allowed.',
    description: 'The format of the uploaded file is not accepted here.',
    detail: 'Convert the file to an accepted format and try again.',
  },
  // Contacts and tickets
  ERR_NO_CONTACT_FOUND: {
    message: 'Contact not found.',
    description: 'The requested contact does not exist or has been deleted.',
    detail: 'Refresh the contact list and try again.',
  },
  ERR_DUPLICATED_CONTACT: {
    message: 'A contact with this number already exists.',
    description: 'The number you entered is already registered to another contact.',
    detail: 'Search for the existing contact and use it instead of creating a new one.',
  },
  ERR_CONTACT_TICKETS_REGISTERED: {
    message: 'A contact with tickets cannot be deleted.',
    description: 'This contact has registered tickets and cannot be deleted.',
    detail: "Close or remove the contact's tickets before deleting it.",
  },
  ERR_NO_TICKET_FOUND: {
    message: 'Ticket not found.',
    description: 'The requested ticket does not exist or has been deleted.',
    detail: 'Refresh the ticket list and try again.',
  },
  ERR_CREATING_TICKET: {
    message: 'Error creating the ticket.',
    description: 'The ticket for this contact could not be opened.',
    detail: 'Try again. If the problem persists, contact support.',
  },
  ERR_CREATING_MESSAGE: {
    message: 'Error creating the message.',
    description: 'The message could not be saved to the ticket.',
    detail: 'Try sending it again. If the problem persists, contact support.',
  },
  ERR_OTHER_OPEN_TICKET: {
    message: 'There is already an open ticket for this contact.',
    description: 'This contact is already being attended by you or another user.',
    detail: 'Find the open ticket or wait until it is closed.',
  },
  ERR_NO_STATUS_SELECTED: {
    message: 'No status selected.',
    description: 'At least one status must be selected to filter tickets.',
    detail: 'Select one or more statuses in the filter and try again.',
  },
  // Chatbot
  ERR_AUTO_REPLY_RELATIONED_TICKET: {
    message: 'A flow in use cannot be deleted.',
    description: 'This chatbot flow is linked to tickets and cannot be deleted.',
    detail: 'Deactivate the flow instead of deleting it, or wait until its tickets are closed.',
  },
  ERR_NO_AUTO_REPLY_FOUND: {
    message: 'Chatbot flow not found.',
    description: 'The requested flow does not exist or has been deleted.',
    detail: 'Refresh the flow list and try again.',
  },
  ERR_NO_STEP_AUTO_REPLY_FOUND: {
    message: 'Flow step not found.',
    description: 'The requested step does not exist in this chatbot flow.',
    detail: 'Refresh the flow and check its configured steps.',
  },
  ERR_CHAT_FLOW_KEYWORD_EXISTS: {
    message: 'This keyword already exists.',
    description: 'A mapping with this keyword already exists for this channel.',
    detail: 'Use another keyword or edit the existing mapping.',
  },
  ERR_NO_CHAT_FLOW_KEYWORD_FOUND: {
    message: 'Keyword not found.',
    description: 'The requested keyword mapping does not exist or has been deleted.',
    detail: 'Refresh the keyword list and try again.',
  },
  // Campaigns
  ERR_CAMPAIGN_CONTACTS_NOT_EXISTS_OR_NOT_ACESSIBLE: {
    message: 'Campaign contacts do not exist or are not accessible.',
    description: 'Some contacts linked to the campaign do not exist or cannot be accessed.',
    detail: "Review the campaign's contact list and try again.",
  },
  ERR_CAMPAIGN_DATE: {
    message: 'Invalid campaign date.',
    description: 'The campaign start date cannot be in the past.',
    detail: 'Choose a future date and time for the campaign to start.',
  },
  ERROR_CAMPAIGN_NOT_EXISTS: {
    message: 'Campaign does not exist.',
    description: 'The specified campaign does not exist or has been deleted.',
    detail: 'Refresh the campaign list and try again.',
  },
  ERR_NO_CAMPAIGN_FOUND: {
    message: 'Campaign not found.',
    description: 'No campaign was found matching the details provided.',
    detail: 'Refresh the campaign list and try again.',
  },
  ERR_NO_UPDATE_CAMPAIGN_NOT_IN_CANCELED_PENDING: {
    message: 'Only pending or canceled campaigns can be changed.',
    description: 'The campaign has already started or finished and can no longer be changed.',
    detail: 'Cancel the campaign before editing it, or create a new campaign.',
  },
  ERROR_CAMPAIGN_DATE_NOT_VALID: {
    message: 'The campaign must start at least 15 minutes from now.',
    description: 'The start time you entered is less than 15 minutes from now.',
    detail: 'Choose a start time at least 15 minutes ahead and save again.',
  },
  ERR_NO_CAMPAIGN_CONTACTS_NOT_FOUND: {
    message: 'Campaign contacts not found.',
    description: 'The campaign has no linked contacts.',
    detail: 'Link contacts to the campaign before scheduling it.',
  },
  ERR_CAMPAIGN_CONTACTS_NOT_EXISTS: {
    message: 'The campaign has no contacts.',
    description: 'There are no contacts linked to this campaign.',
    detail: 'Add contacts to the campaign before starting to send.',
  },
  ERR_CAMPAIGN_CONTACTS: {
    message: 'Error in campaign contacts.',
    description: 'The contacts linked to the campaign could not be processed.',
    detail: "Review the campaign's contacts and try again.",
  },
  // Other entities
  ERR_API_CONFIG_NOT_FOUND: {
    message: 'API configuration not found.',
    description: 'The requested API configuration does not exist or has been deleted.',
    detail: 'Refresh the API configuration list and try again.',
  },
  ERR_NO_FAST_REPLY_FOUND: {
    message: 'Quick message not found.',
    description: 'The requested quick message does not exist or has been deleted.',
    detail: 'Refresh the quick message list and try again.',
  },
  ERR_FAST_REPLY_EXISTS: {
    message: 'A quick message with this key already exists.',
    description: 'The key you entered is already used by another quick message.',
    detail: 'Choose a different key for the quick message.',
  },
  ERR_NO_FAREWELL_MESSAGE_FOUND: {
    message: 'Farewell message not found.',
    description: 'The requested farewell message does not exist or has been deleted.',
    detail: 'Refresh the farewell message list and try again.',
  },
  ERR_NO_SCHEDULE_FOUND: {
    message: 'Scheduled message not found.',
    description: 'The scheduled message does not exist or was deleted.',
    detail: 'Refresh the list of scheduled messages and try again.',
  },
  ERR_SCHEDULE_NOT_PENDING: {
    message: 'This scheduled message was already sent.',
    description: 'Only pending scheduled messages can be changed.',
    detail: 'Create a new scheduled message to send it again.',
  },
  ERR_NO_QUEUE_FOUND: {
    message: 'Queue not found.',
    description: 'The requested queue does not exist or has been deleted.',
    detail: 'Refresh the queue list and try again.',
  },
  ERR_QUEUE_EXISTS: {
    message: 'A queue with this name already exists.',
    description: 'The name you entered is already used by another queue.',
    detail: 'Choose a different name for the queue.',
  },
  ERR_QUEUE_TICKET_EXISTS: {
    message: 'A queue with tickets cannot be deleted.',
    description: 'There are tickets linked to this queue.',
    detail: "Transfer or close the queue's tickets before deleting it.",
  },
  ERR_NO_TAG_FOUND: {
    message: 'Tag not found.',
    description: 'The requested tag does not exist or has been deleted.',
    detail: 'Refresh the tag list and try again.',
  },
  ERR_TAG_EXISTS: {
    message: 'A tag with this name already exists.',
    description: 'The name you entered is already used by another tag.',
    detail: 'Choose a different name for the tag.',
  },
  ERR_TAG_CONTACTS_EXISTS: {
    message: 'A tag with contacts cannot be deleted.',
    description: 'There are contacts marked with this tag.',
    detail: 'Remove the tag from its contacts before deleting it.',
  },
  ERR_NO_TEAM_FOUND: {
    message: 'Team not found.',
    description: 'The requested team does not exist or was deleted.',
    detail: 'Refresh the team list and try again.',
  },
  ERR_TEAM_EXISTS: {
    message: 'A team with this name already exists.',
    description: 'The name you entered is already used by another team.',
    detail: 'Choose a different name for the team.',
  },
  ERR_NO_CHAT_GROUP_FOUND: {
    message: 'Group not found.',
    description: 'The group does not exist or you are not a member of it.',
    detail: 'Refresh the conversation list and try again.',
  },
  ERR_NO_SETTING_FOUND: {
    message: 'Setting not found.',
    description: 'The requested setting does not exist.',
    detail: 'Refresh the page and, if the problem persists, contact support.',
  },
  ERR_NO_TENANT_FOUND: {
    message: 'Company not found.',
    description: 'The requested company does not exist or has been deleted.',
    detail: 'Refresh the company list and try again.',
  },
  ERR_NO_USER_FOUND: {
    message: 'User not found.',
    description: 'The requested user does not exist or has been deleted.',
    detail: 'Refresh the user list and try again.',
  },
  ERR_NO_PLAN_FOUND: {
    message: 'Plan not found.',
    description: 'The requested plan does not exist or has been deleted.',
    detail: 'Refresh the plan list and try again.',
  },
  ERR_PLAN_IN_USE: {
    message: 'A plan in use cannot be deleted.',
    description: 'There are companies linked to this plan.',
    detail: 'Move those companies to another plan before deleting it.',
  },
  ERR_OPERATOR_TENANT_PROTECTED: {
    message: "The platform's main company cannot be changed this way.",
    description: 'The platform operator company is protected against deletion and deactivation.',
    detail: 'Choose another company for this action.',
  },
  ERR_CANNOT_DELETE_SELF: {
    message: 'You cannot delete your own user.',
    description: 'The logged-in user cannot delete themselves.',
    detail: 'Ask another administrator to delete it, if needed.',
  },
  ERR_INVALID_DUE_DATE: {
    message: 'Invalid due date.',
    description: 'The due date cannot be earlier than today.',
    detail: "Enter a due date that is today's date or later.",
  },
  ERR_INTEGRATION_IN_USE: {
    message: 'An integration in use cannot be deleted.',
    description: 'This integration is linked to queues or connections.',
    detail: 'Remove the integration from its queues and connections before deleting it.',
  },
  ERR_NO_INTEGRATION_FOUND: {
    message: 'Integration not found.',
    description: 'The integration does not exist or belongs to another company.',
    detail: 'Refresh the list and try again.',
  },
  ERR_INTEGRATION_EXISTS: {
    message: 'An integration with this name already exists.',
    description: 'Integration names are unique within the company.',
    detail: 'Choose another name.',
  },
  ERR_NO_TASK_FOUND: {
    message: 'Task not found.',
    description: 'The requested task does not exist, was deleted or is not yours.',
    detail: 'Refresh the task list and try again.',
  },
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
    description: 'Each connection\'s name is unique in the company.',
    detail: 'Choose another name for the connection.',
  },
  ERR_CHANNEL_TOKEN_INVALID: {
    message: 'The provider refused the connection token.',
    description: 'The token or credentials given were not accepted by the provider.',
    detail: 'Check the token and credentials in the provider\'s panel and try again.',
  },
  ERR_WEBHOOK_SIGNATURE: {
    message: 'Invalid webhook signature.',
    description: 'The call was not signed by the provider with this connection\'s secret.',
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
    detail: 'Sync the connection\'s templates and try again.',
  },
  ERR_CHANNEL_NOT_SUPPORTED: {
    message: 'Action not available for this connection type.',
    description: 'This connection\'s provider does not offer this action.',
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
    detail: 'Wait a moment and try again. If it persists, the administrator should check the server logs and the database.',
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
};
