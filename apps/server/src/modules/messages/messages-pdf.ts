/**
 * The conversation of a ticket as a PDF (GET /messages/pdf/:ticketId): a header with the contact,
 * protocol and dates, then every message with its time, sender and text; files as "[name]".
 * Times are in the tenant's time zone. Messages are read in chunks, never all at once.
 */
import { users } from '../../platform/db/schema.js';
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import type { AuthContext } from '../../platform/http/auth-context.js';
import { getOwnTenant } from '../tenants/tenants.queries.js';
import { contactFor } from '../tickets/tickets.presenter.js';
import { assertMayRead } from './messages.policy.js';
import { allTicketMessages } from './messages.queries.js';

/** The built-in PDF fonts speak WinAnsi: characters outside Latin-1 (emoji) become '?'. */
const printable = (s: string) => s.replace(/[^\t\n\r\x20-\x7e\xa0-\xff]/gu, '?');

export async function conversationPdf(scope: TenantScope, auth: AuthContext, ticketId: number): Promise<Buffer> {
  const { base, viewer } = await assertMayRead(scope, auth, ticketId);
  const tenant = await getOwnTenant(scope);
  const when = new Intl.DateTimeFormat('pt-BR', { timeZone: tenant.timezone, dateStyle: 'short', timeStyle: 'short' });
  const fmt = (d: Date | null) => (d ? when.format(d) : '-');
  const names = new Map(
    (await scope.query((db, owns) => db.select({ id: users.id, name: users.name }).from(users).where(owns(users)))).map(
      (u) => [u.id, u.name],
    ),
  );

  // Loaded on first use: pdfkit holds ~20 MB, and few servers ever print a conversation.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    info: { Title: `Ticket ${base.row.protocol || base.row.id}`, Producer: 'Prosa' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // An export is a payload like any other: numbers hidden from the viewer stay hidden here.
  const contact = contactFor(viewer, base.contact);
  const { row, queue, user, channel } = base;
  doc
    .fontSize(16)
    .font('Helvetica-Bold')
    .text(printable(`Conversa com ${contact.name}`));
  doc.moveDown(0.3).fontSize(10).font('Helvetica');
  for (const line of [
    `Protocolo: ${row.protocol || '-'}    Ticket: #${row.id}    Status: ${row.status}`,
    `Contato: ${contact.name}${contact.number ? ` (${contact.number})` : ''}`,
    `Canal: ${channel?.name ?? '-'}    Fila: ${queue?.name ?? '-'}    Atendente: ${user?.name ?? '-'}`,
    `Aberto em: ${fmt(row.createdAt)}    Encerrado em: ${fmt(row.closedAt)}    Gerado em: ${fmt(new Date())}`,
  ]) {
    doc.text(printable(line));
  }
  doc.moveDown();

  let count = 0;
  for await (const rows of allTicketMessages(scope, ticketId)) {
    for (const m of rows) {
      count++;
      const sender = m.fromMe ? (m.userId ? (names.get(m.userId) ?? 'Atendente') : 'Sistema') : contact.name;
      const file = m.mediaKey || m.mediaName ? `[${m.mediaName ?? m.mediaType}] ` : '';
      const text = m.isDeleted ? '[mensagem apagada]' : `${file}${m.body}`.trim() || `[${m.mediaType}]`;
      doc
        .font('Helvetica-Bold')
        .fontSize(9)
        .text(printable(`${fmt(m.createdAt)}  ${sender}${m.isEdited ? ' (editada)' : ''}`));
      doc.font('Helvetica').fontSize(10).text(printable(text), { indent: 10 });
      doc.moveDown(0.4);
    }
  }
  if (count === 0) doc.font('Helvetica-Oblique').text('Nenhuma mensagem.');
  doc.end();
  return done;
}
