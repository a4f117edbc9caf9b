import { randomUUID } from 'node:crypto';
import type { Platform } from '../apps/server/src/platform/platform.js';
import { queues, tags, tenants, userQueues, users } from '../apps/server/src/platform/db/schema.js';
import { unsafeSystemDb } from '../apps/server/src/platform/db/tenant-scope.js';
import { hashPassword } from '../apps/server/src/platform/security/passwords.js';

/** Bulk seed for benchmarks only: many companies, each with users, queues and tags. */
export async function seedVolume(platform: Platform, opts: { tenants: number; usersPerTenant: number }) {
  const db = unsafeSystemDb(platform.db);
  const password = 'bench-pass-1';
  const passwordHash = await hashPassword(password);
  const run = randomUUID().slice(0, 6);
  const dueDate = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  let targetEmail = '';
  for (let batch = 0; batch < opts.tenants; batch += 50) {
    const size = Math.min(50, opts.tenants - batch);
    const ts = await db
      .insert(tenants)
      .values(Array.from({ length: size }, (_, i) => ({ name: `Bench ${run} ${batch + i}`, dueDate })))
      .returning({ id: tenants.id });
    for (const t of ts) {
      const qs = await db
        .insert(queues)
        .values(['Vendas', 'Suporte', 'Financeiro', 'Pós-venda'].map((name, i) => ({ tenantId: t.id, name, color: `#00000${i}` })))
        .returning({ id: queues.id });
      await db.insert(tags).values(['VIP', 'Novo', 'Atacado'].map((name) => ({ tenantId: t.id, name, color: '#123456' })));
      const us = await db
        .insert(users)
        .values(
          Array.from({ length: opts.usersPerTenant }, (_, i) => ({
            tenantId: t.id,
            name: i === 0 ? `Admin ${t.id}` : `Agente ${i}`,
            email: `b${run}-${t.id}-${i}@bench.prosa`,
            passwordHash,
            profile: i === 0 ? ('admin' as const) : ('user' as const),
          })),
        )
        .returning({ id: users.id, email: users.email });
      await db
        .insert(userQueues)
        .values(us.flatMap((u, i) => [qs[i % qs.length]!, qs[(i + 1) % qs.length]!].map((q) => ({ tenantId: t.id, userId: u.id, queueId: q.id }))));
      targetEmail = us[0]!.email;
    }
  }
  return { email: targetEmail, password };
}
