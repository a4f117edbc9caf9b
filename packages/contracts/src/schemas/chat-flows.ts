/**
 * Chatbot flows (SPEC §3 "Chatbot flow", DOMAIN.md "Chatbot flows"). The flow itself keeps the
 * export shape of the older products (`nodeList`, `lineList`, a `start` and a `configurations`
 * node) so that their users can import what they built; positions written as "340px" are read as
 * numbers. Unknown extra fields (`ico`, `viewOnly`, `status`, `style`, `paintStyle`) are accepted
 * and dropped, except those the builder needs.
 */
import { z } from 'zod';
import { V, ZId } from './common.js';

export const FLOW_START_ID = 'start';
export const FLOW_CONFIG_ID = 'configurations';

/** Condition types in the order they are evaluated (SPEC §4 "Flow conditions"). */
export const FLOW_CONDITION_TYPES = ['IN_BUSINESS_HOUR', 'OUT_OF_BUSINESS_HOUR', 'R', 'Contain2', 'Contain', 'US'] as const;
export type FlowConditionType = (typeof FLOW_CONDITION_TYPES)[number];

/** A condition's action: 0 go to step, 1 to queue, 2 to user, 3 close (DOMAIN.md), 4 to a queue integration. */
export const FLOW_ACTIONS = [0, 1, 2, 3, 4] as const;
export type FlowAction = (typeof FLOW_ACTIONS)[number];

/** Where a configuration sends the ticket: 1 queue, 2 user, 3 close. */
export const FLOW_DESTINY_TYPES = [1, 2, 3] as const;

/** Auto-distribution when the bot hands a ticket to a queue: off, random, balanced. */
export const AUTO_DISTRIBUTIONS = ['N', 'R', 'B'] as const;
export type AutoDistribution = (typeof AUTO_DISTRIBUTIONS)[number];

export const FLOW_INTERACTION_TYPES = [
  'MessageField',
  'MessageOptionsField',
  'MediaField',
  'WebhookField',
  'DelayField',
  'TagField',
  'ButtonsField',
  'ListField',
  /** Move the contact to a CRM lane (DOMAIN.md "Chatbot flows"; modules/kanban). */
  'CrmLaneField',
] as const;
export type FlowInteractionType = (typeof FLOW_INTERACTION_TYPES)[number];

/** SPEC §9 "Flow buttons: 2 to 3"; list rows as the channels allow them. */
export const FLOW_BUTTONS_MIN = 2;
export const FLOW_BUTTONS_MAX = 3;
export const FLOW_LIST_ROWS_MAX = 10;
export const FLOW_DELAY_MAX_SECONDS = 60;

/** "340px", "340" or 340 -> 340; anything else -> 0. */
const ZPosition = z
  .union([z.number(), z.string()])
  .optional()
  .transform((v) => {
    const n = typeof v === 'number' ? v : parseFloat(String(v ?? '0'));
    return Number.isFinite(n) ? Math.round(n) : 0;
  });

const ZText = (max = 4096) => z.string().max(max, V.max);
/** A step or element id: the older products use ids like "nodeC" or random strings. */
const ZNodeId = z.string().trim().min(1, V.required).max(100, V.max);
/** An id that may come as "" (none), a number or a numeric string. */
const ZOptionalRef = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v === '') return null;
    const n = typeof v === 'number' ? v : /^[0-9]{1,10}$/.test(v.trim()) ? Number(v.trim()) : NaN;
    if (!Number.isInteger(n) || n <= 0) {
      ctx.addIssue({ code: 'custom', message: V.invalidValue });
      return z.NEVER;
    }
    return n;
  });

export const ZFlowMessageData = z.object({ message: ZText().default('') });
export const ZFlowOptionsData = z.object({
  message: ZText().default(''),
  values: z.array(ZText(200)).max(FLOW_LIST_ROWS_MAX, V.max).default([]),
});
export const ZFlowMediaData = z.object({
  mediaUrl: ZText(2000).default(''),
  caption: ZText().default(''),
  name: ZText(200).default(''),
  type: ZText(100).default(''),
  ext: ZText(20).default(''),
});
export const ZFlowWebhookHeader = z.object({ key: ZText(200), value: ZText(2000) });
/** Map a path of the JSON response (`data.customer.name`) into a ticket variable (`customerName`). */
export const ZFlowWebhookMapping = z.object({
  path: ZText(300),
  variable: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, V.invalidValue),
});
export const ZFlowWebhook = z.object({
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).default('POST'),
  url: ZText(2000).default(''),
  headers: z.array(ZFlowWebhookHeader).max(20, V.max).default([]),
  body: ZText(20000).default(''),
  mapping: z.array(ZFlowWebhookMapping).max(20, V.max).default([]),
});
/** The older products keep only a URL in `data.webhook`; Prosa keeps the whole call. */
export const ZFlowWebhookData = z.object({
  webhook: z
    .union([z.string(), ZFlowWebhook])
    .default('')
    .transform((w) => (typeof w === 'string' ? ZFlowWebhook.parse({ url: w }) : w)),
});
export const ZFlowDelayData = z.object({
  seconds: z.coerce.number().int(V.integer).min(1, V.invalidValue).max(FLOW_DELAY_MAX_SECONDS, V.max).default(1),
});
export const ZFlowTagData = z.object({ tagId: ZOptionalRef });
export const ZFlowCrmLaneData = z.object({ laneId: ZOptionalRef });
export const ZFlowButton = z.object({ id: ZText(100).default(''), label: ZText(20).trim().min(1, V.required) });
export const ZFlowButtonsData = z.object({
  message: ZText(1024).default(''),
  buttons: z.array(ZFlowButton).min(FLOW_BUTTONS_MIN, V.flowButtons).max(FLOW_BUTTONS_MAX, V.flowButtons),
});
export const ZFlowListRow = z.object({
  id: ZText(100).default(''),
  label: ZText(24).trim().min(1, V.required),
  description: ZText(72).default(''),
});
export const ZFlowListData = z.object({
  message: ZText(1024).default(''),
  buttonText: ZText(20).default(''),
  rows: z.array(ZFlowListRow).min(1, V.required).max(FLOW_LIST_ROWS_MAX, V.max),
});

const interaction = <T extends FlowInteractionType, D extends z.ZodType>(type: T, data: D) =>
  z.object({ id: ZNodeId, type: z.literal(type), data });

export const ZFlowInteraction = z.discriminatedUnion('type', [
  interaction('MessageField', ZFlowMessageData),
  interaction('MessageOptionsField', ZFlowOptionsData),
  interaction('MediaField', ZFlowMediaData),
  interaction('WebhookField', ZFlowWebhookData),
  interaction('DelayField', ZFlowDelayData),
  interaction('TagField', ZFlowTagData),
  interaction('ButtonsField', ZFlowButtonsData),
  interaction('ListField', ZFlowListData),
  interaction('CrmLaneField', ZFlowCrmLaneData),
]);
export type FlowInteraction = z.infer<typeof ZFlowInteraction>;

export const ZFlowCondition = z.object({
  id: ZNodeId,
  type: z.enum(FLOW_CONDITION_TYPES, { error: V.invalidValue }),
  /** The answers it matches (R, Contain2, Contain); ignored by US and the business-hour types. */
  condition: z
    .union([z.array(ZText(500)), ZText(500)])
    .default([])
    .transform((c) => (Array.isArray(c) ? c : c ? [c] : [])),
  action: z.coerce.number().pipe(z.literal(FLOW_ACTIONS, { error: V.invalidValue })),
  nextStepId: z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => v || null),
  queueId: ZOptionalRef,
  userIdDestination: ZOptionalRef,
  /** Action 4: the queue integration the ticket is handed to (it stays in its queue, or `queueId`'s). */
  integrationId: ZOptionalRef.optional(),
  closeTicket: z.boolean().optional(),
  /** Sent before closing (action 3). */
  message: ZText().optional(),
});
export type FlowCondition = z.infer<typeof ZFlowCondition>;

export const ZFlowStep = z.object({
  id: ZNodeId,
  type: z.literal('node'),
  name: ZText(200).default(''),
  left: ZPosition,
  top: ZPosition,
  interactions: z.array(ZFlowInteraction).max(50, V.max).default([]),
  conditions: z.array(ZFlowCondition).max(50, V.max).default([]),
  actions: z.array(z.unknown()).default([]),
});
export type FlowStep = z.infer<typeof ZFlowStep>;

const ZDestiny = z.object({
  type: z.coerce.number().pipe(z.literal(FLOW_DESTINY_TYPES, { error: V.invalidValue })).default(1),
  destiny: ZOptionalRef,
});

export const ZFlowConfigurations = z.object({
  welcomeMessage: z.object({ message: ZText().default('') }).default({ message: '' }),
  farewellMessage: z.object({ message: ZText().default('') }).default({ message: '' }),
  notOptionsSelectMessage: z
    .object({ message: ZText().default(''), stepReturn: z.enum(['A', 'S']).default('A') })
    .default({ message: '', stepReturn: 'A' }),
  notResponseMessage: ZDestiny.extend({
    time: z.coerce.number().int(V.integer).min(0, V.invalidValue).max(100_000, V.max).default(0),
    message: ZText().default(''),
  }).default({ type: 1, destiny: null, time: 0, message: '' }),
  maxRetryBotMessage: ZDestiny.extend({
    number: z.coerce.number().int(V.integer).min(0, V.invalidValue).max(100, V.max).default(3),
  }).default({ type: 1, destiny: null, number: 3 }),
  outOpenHours: ZDestiny.default({ type: 1, destiny: null }),
  /** Words that close the ticket when the customer writes them (older exports: one string, comma separated). */
  answerCloseTicket: z
    .union([z.array(ZText(100)), ZText(2000)])
    .default([])
    .transform((w) =>
      (Array.isArray(w) ? w : w.split(','))
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  autoDistributeTickets: z.enum(AUTO_DISTRIBUTIONS, { error: V.invalidValue }).default('N'),
});
export type FlowConfigurations = z.infer<typeof ZFlowConfigurations>;

export const ZFlowStartNode = z.object({
  id: z.literal(FLOW_START_ID),
  type: z.literal('start'),
  name: ZText(200).default(''),
  left: ZPosition,
  top: ZPosition,
});
export const ZFlowConfigNode = z.object({
  id: z.literal(FLOW_CONFIG_ID),
  type: z.literal('configurations'),
  name: ZText(200).default(''),
  left: ZPosition,
  top: ZPosition,
  configurations: ZFlowConfigurations.default(ZFlowConfigurations.parse({})),
});
export const ZFlowNode = z.discriminatedUnion('type', [ZFlowStartNode, ZFlowConfigNode, ZFlowStep]);
export type FlowNode = z.infer<typeof ZFlowNode>;

export const ZFlowLine = z.object({ from: ZNodeId, to: ZNodeId });
export type FlowLine = z.infer<typeof ZFlowLine>;

/**
 * The flow graph. Only the shape is checked here; that every reference points at something (a
 * step, queue, user or tag of the company) and that no element connects to itself is checked by
 * the server (modules/chat-flows), which answers the path of the fault.
 */
export const ZFlowGraph = z.object({
  nodeList: z.array(ZFlowNode).min(2, V.invalidValue).max(500, V.max),
  lineList: z.array(ZFlowLine).max(2000, V.max).default([]),
});
export type FlowGraph = z.infer<typeof ZFlowGraph>;

/** A test number restricts a flow to one phone while it is being built: digits only, or empty. */
const ZTestNumber = z
  .string()
  .trim()
  .transform((v) => v.replace(/\D/g, ''))
  .pipe(z.string().max(20, V.max))
  .default('');

export const ZChatFlowInput = z.object({
  name: z.string({ error: V.required }).trim().min(1, V.required).max(100, V.max),
  description: ZText(1000).default(''),
  isActive: z.boolean().default(true),
  availableForTransfer: z.boolean().default(false),
  availableInCrm: z.boolean().default(false),
  testNumber: ZTestNumber,
  flow: ZFlowGraph,
});
export type ChatFlowInput = z.input<typeof ZChatFlowInput>;
/**
 * `PUT /chat-flow/{id}`: only what the body names changes (the builder autosaves the graph alone,
 * the list flips `isActive` alone). Not `.partial()`: that keeps the defaults, so a body without
 * `description` would reset it to ''.
 */
const updateShape = ZChatFlowInput.shape;
export const ZUpdateChatFlow = z.object({
  name: updateShape.name.optional(),
  description: updateShape.description.unwrap().optional(),
  isActive: updateShape.isActive.unwrap().optional(),
  availableForTransfer: updateShape.availableForTransfer.unwrap().optional(),
  availableInCrm: updateShape.availableInCrm.unwrap().optional(),
  testNumber: updateShape.testNumber.unwrap().optional(),
  flow: updateShape.flow.optional(),
});

/** `POST /chat-flow/import`: the export shape of Prosa and of the older products. */
export const ZChatFlowImport = z
  .object({
    name: z.string({ error: V.required }).trim().min(1, V.required).max(100, V.max),
    description: ZText(1000).optional(),
    nodeList: ZFlowGraph.shape.nodeList,
    lineList: ZFlowGraph.shape.lineList,
  })
  .loose();

export const ZChatFlow = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  isActive: z.boolean(),
  availableForTransfer: z.boolean(),
  availableInCrm: z.boolean(),
  testNumber: z.string(),
  flow: ZFlowGraph,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ChatFlow = z.infer<typeof ZChatFlow>;

export const ZChatFlowKeywordInput = z.object({
  keyword: z.string({ error: V.required }).trim().min(1, V.required).max(100, V.max),
  chatFlowId: ZId,
  /** The channel it listens on; null: every channel of the company. */
  channelId: ZId.nullable().default(null),
  isActive: z.boolean().default(true),
});
export const ZChatFlowKeyword = z.object({
  id: z.number(),
  keyword: z.string(),
  chatFlowId: z.number(),
  channelId: z.number().nullable(),
  isActive: z.boolean(),
});
export type ChatFlowKeyword = z.infer<typeof ZChatFlowKeyword>;

/**
 * A ticket's place in its flow (tickets.bot_state): the step it waits on, the retries spent on
 * it, and the variables webhooks mapped. The simulator carries the same object between turns.
 * Loose: the engine may keep more (modules/chatbot owns the rest).
 */
export const ZBotState = z
  .object({
    stepId: z.string().nullable(),
    retries: z.number().int().min(0).default(0),
    variables: z.record(z.string(), z.string()).default({}),
  })
  .loose();
export type BotState = z.infer<typeof ZBotState>;

/** What the bot sent, in order, as the engine's send port received it. */
export const ZBotReply = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), body: z.string() }),
  z.object({ kind: z.literal('media'), mediaUrl: z.string(), caption: z.string(), name: z.string(), type: z.string() }),
  z.object({ kind: z.literal('buttons'), body: z.string(), buttons: z.array(z.string()) }),
  z.object({
    kind: z.literal('list'),
    body: z.string(),
    buttonText: z.string(),
    rows: z.array(z.object({ label: z.string(), description: z.string() })),
  }),
]);
export type BotReply = z.infer<typeof ZBotReply>;

/** Why the engine did what it did: the builder highlights the step and the condition that fired. */
export const ZBotTrace = z.object({
  kind: z.enum([
    'enter',
    'condition',
    'notUnderstood',
    'retriesLimit',
    'noResponse',
    'outOfHours',
    'closeWord',
    'delay',
    'tag',
    'webhook',
    'lane',
  ]),
  stepId: z.string().nullable().default(null),
  conditionId: z.string().nullable().default(null),
  detail: z.string().default(''),
});
export type BotTrace = z.infer<typeof ZBotTrace>;

/** Where the bot let the ticket go; null while it still holds it. */
export const ZBotOutcome = z
  .discriminatedUnion('kind', [
    /** `queueId` null: no queue was named (an empty destiny); the ticket keeps the queue it has. */
    z.object({ kind: z.literal('queue'), queueId: z.number().nullable(), userId: z.number().nullable() }),
    z.object({ kind: z.literal('user'), userId: z.number() }),
    z.object({ kind: z.literal('close') }),
    /** Handed to a queue integration (action 4); `queueId` null keeps the ticket's queue. */
    z.object({ kind: z.literal('integration'), integrationId: z.number(), queueId: z.number().nullable() }),
  ])
  .nullable();
export type BotOutcome = z.infer<typeof ZBotOutcome>;

/**
 * `POST /chat-flow/simulate`: one customer turn against a flow graph (the builder's, saved or
 * not) without a channel or ticket. `state: null` starts the flow; `message` empty with a state
 * asks what happens when the customer does not answer (the time-without-answer path). `at` sets
 * the clock (business hours).
 */
export const ZFlowSimulateRequest = z.object({
  flow: ZFlowGraph,
  state: ZBotState.nullable().default(null),
  message: z.string().max(4096, V.max).default(''),
  noResponse: z.boolean().default(false),
  at: z.iso.datetime({ offset: true }).optional(),
  contactName: z.string().max(200, V.max).default(''),
});
export const ZFlowSimulateResponse = z.object({
  replies: z.array(ZBotReply),
  trace: z.array(ZBotTrace),
  state: ZBotState.nullable(),
  outcome: ZBotOutcome,
});
export type FlowSimulateResponse = z.infer<typeof ZFlowSimulateResponse>;
