import type { ErrorCatalogue } from '../index.js';

/** Error texts (en) of the other entities (queues, tags, users, plans, companies, files, integrations...); joined in en.ts. */
export const errorsEnEntities = {
  // Other entities
  ERR_API_CONFIG_NOT_FOUND: {
    message: 'API configuration not found.',
    description: 'The requested API configuration does not exist or has been deleted.',
    detail: 'Refresh the API configuration list and try again.',
  },
  ERR_CALL_LINE_NOT_FOUND: {
    message: 'Call line not found.',
    description: 'The call line does not exist, was deleted or is not one you may use.',
    detail: 'Refresh the call lines and try again.',
  },
  ERR_CALL_LINE_TOKEN_EXISTS: {
    message: 'A call line with this token already exists.',
    description: 'The device token is already registered as a call line.',
    detail: "Check the token copied from the calling provider's panel.",
  },
  ERR_CALLS_BLOCKED: {
    message: 'Calls are blocked for you.',
    description: 'An administrator blocked calls for your user.',
    detail: 'Ask an administrator to allow calls for you.',
  },
  ERR_NO_RECORDING: {
    message: 'No recording for this call.',
    description: 'The call has no recording, or the provider no longer has it.',
    detail: 'Recordings appear a little after an answered call ends.',
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
  ERR_NO_LANE_FOUND: {
    message: 'CRM lane not found.',
    description: "The lane does not exist or belongs to another user's CRM.",
    detail: 'Refresh the board and try again.',
  },
  ERR_CONTACT_CRM_DISABLED: {
    message: 'This contact has the CRM disabled.',
    description: 'Contacts with the CRM disabled cannot be put on a lane.',
    detail: "Enable the CRM in the contact's form before moving it.",
  },
  ERR_REPORT_FILTER_REQUIRED: {
    message: 'Select at least one item in the filter.',
    description: 'This report groups by tag, CRM lane, user or state and needs at least one of them selected.',
    detail: 'Pick one or more values in the highlighted filter and run the report again.',
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
  ERR_NO_HELP_FOUND: {
    message: 'Help article not found.',
    description: 'The requested help article does not exist or was deleted.',
    detail: 'Refresh the help list and try again.',
  },
  ERR_NO_RESELLER_FOUND: {
    message: 'Reseller not found.',
    description: 'The requested reseller or token does not exist or was deleted.',
    detail: 'Refresh the reseller list and try again.',
  },
  ERR_RESELLER_EXISTS: {
    message: 'A reseller with this name already exists.',
    description: 'Each reseller needs a unique name.',
    detail: 'Choose another name.',
  },
  ERR_NO_INVOICE_FOUND: {
    message: 'Invoice not found.',
    description: 'The requested invoice does not exist or was deleted.',
    detail: 'Refresh the invoice list and try again.',
  },
  ERR_INVOICE_PAID: {
    message: 'This invoice is already paid.',
    description: 'A paid invoice cannot be changed, deleted or paid again.',
    detail: 'Refresh the invoice list to see its current status.',
  },
  ERR_INVOICE_EXISTS: {
    message: 'There is already an invoice with this due date.',
    description: 'Each company has one invoice per due date.',
    detail: 'Pick another date or change the existing invoice.',
  },
  ERR_GATEWAY_NOT_CONFIGURED: {
    message: 'Online payment unavailable.',
    description: 'The platform has not set up its payment gateway yet.',
    detail: "Pay by Pix, or contact the platform's support.",
  },
  ERR_GATEWAY_REFUSED: {
    message: 'The payment gateway refused the charge.',
    description: 'The gateway did not create the charge for this invoice, or could not be reached.',
    detail: "Try again in a few minutes; if it persists, contact the platform's support.",
  },
  ERR_PIX_NOT_CONFIGURED: {
    message: 'Pix payment unavailable.',
    description: 'The platform has no Pix key set up yet.',
    detail: "Contact the platform's support to pay this invoice.",
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
} satisfies Partial<ErrorCatalogue>;
