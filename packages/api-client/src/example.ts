/**
 * The README's "External API" example: log in, list the open tickets, accept the first one.
 *   npx tsx packages/api-client/src/example.ts http://localhost:3000 admin@padaria.demo prosa-demo
 */
import { listTickets, login, ProsaError, updateTicket } from './client.js';

export async function acceptFirstPending(baseUrl: string, email: string, password: string) {
  const client = await login(baseUrl, { email, password });
  const { tickets, count } = await listTickets(client, { status: ['pending'], showAll: true });
  console.log(`${count} pending tickets`);
  const first = tickets[0];
  if (!first) return undefined;
  const accepted = await updateTicket(client, first.id, { status: 'open', userId: client.user.userId });
  console.log(`ticket ${accepted.protocol} is now ${accepted.status}`);
  return accepted;
}

if (process.argv[1]?.endsWith('example.ts')) {
  const [baseUrl = 'http://localhost:3000', email = 'admin@padaria.demo', password = 'prosa-demo'] =
    process.argv.slice(2);
  acceptFirstPending(baseUrl, email, password).catch((err: unknown) => {
    console.error(err instanceof ProsaError ? `${err.status} ${err.body.error}` : err);
    process.exit(1);
  });
}
