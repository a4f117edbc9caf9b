/** SPEC §2 keeps /chat-flow/builder as the builder's path; the flow is a query parameter. */
export const FLOWS_PATH = '/chat-flow';
export const builderPath = (flowId: number) => `/chat-flow/builder?flowId=${flowId}`;
