import type { ErrorCatalogue } from '../index.js';
import { errorsEnChannels } from './en-channels.js';
import { errorsEnEntities } from './en-entities.js';

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
  ERR_IMAGE_DIMENSIONS: {
    message: 'Image dimensions not accepted.',
    description: 'Logos must be exactly 481 x 186 px; icons must be square, 16 to 512 px.',
    detail: 'Resize the image to these measures and upload it again.',
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
  ERR_CAMPAIGN_TEMPLATE_NEEDS_WABA: {
    message: 'Templates can only be sent through an official WhatsApp API channel.',
    description: 'The campaign uses a WhatsApp template, but the chosen channel is not an official API (Cloud API) channel.',
    detail: 'Choose an official WhatsApp API channel, or remove the template and write the messages.',
  },
  ERR_CAMPAIGN_TEMPLATE_ONLY_DATE: {
    message: 'Only the send date of this template campaign can be changed.',
    description: 'The WhatsApp template campaign has already been scheduled: the template, its variables, the channel and the other fields stay as they are.',
    detail: 'Change only the send date, or create a new campaign.',
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
  ...errorsEnEntities,
  ...errorsEnChannels,
};
