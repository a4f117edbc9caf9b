/** Whether a chatbot flow hands tickets to an integration (a condition with action 4). */
export function flowUsesIntegration(flow: unknown, integrationId: number): boolean {
  const nodes = (flow as { nodeList?: unknown } | null)?.nodeList;
  if (!Array.isArray(nodes)) return false;
  return nodes.some((node) => {
    const conditions = (node as { conditions?: unknown } | null)?.conditions;
    return (
      Array.isArray(conditions) &&
      conditions.some((c) => {
        const cond = c as { action?: unknown; integrationId?: unknown } | null;
        return Number(cond?.action) === 4 && Number(cond?.integrationId) === integrationId;
      })
    );
  });
}
