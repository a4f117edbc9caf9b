/** The CRM lane route tests' helpers, over one harness (kanban.routes.test.ts, kanban-separate.routes.test.ts). */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { contacts } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import type { Company, Harness, Session } from '../../test/harness.js';

export const lane = { name: 'Proposta', color: '#1971c2' };
export type LaneDto = { id: number; name: string; position: number; userId: number | null; flowId: number | null };
export type Card = { id: number; name: string; number: string; laneId: number | null; dealValue: number | null; lastTicketId: number | null };
export type Board = { lanes: { id: number; count: number; dealValue: number; contacts: Card[]; hasMore: boolean }[] };

export function kanbanHelpers(h: () => Harness) {
  const createLane = async (s: Session, name: string, extra: Record<string, unknown> = {}) => {
    const res = await h().request('POST', '/kanban', { token: s.token, body: { ...lane, name, ...extra } });
    expect(res.status).toBe(201);
    return res.body as LaneDto;
  };
  const lanesOf = async (s: Session) =>
    (await h().request('GET', '/kanban', { token: s.token })).body as { lanes: LaneDto[]; can: { manage: boolean } };
  const board = async (s: Session, body: Record<string, unknown> = {}) => {
    const res = await h().request('POST', '/kanban/list/', { token: s.token, body });
    expect(res.status).toBe(200);
    return res.body as Board;
  };
  const contactIn = (c: Company, over: Partial<typeof contacts.$inferInsert> = {}) =>
    withTenant(h().app.platform.db, c.tenantId, (s) =>
      s.insert(contacts, { name: 'Cliente', number: `55119${Math.floor(Math.random() * 1e8)}`, ...over }),
    );
  const saved = (c: Company, id: number) =>
    withTenant(h().app.platform.db, c.tenantId, (s) => s.first(contacts, eq(contacts.id, id)));
  const move = (s: Session, contactId: number, body: Record<string, unknown>) =>
    h().request('PUT', `/kanban/contact/${contactId}`, { token: s.token, body });
  const setting = (c: Company, key: string, value: string) =>
    h().request('PUT', `/settings/${key}`, { token: c.admin.token, body: { value } });
  return { createLane, lanesOf, board, contactIn, saved, move, setting };
}
