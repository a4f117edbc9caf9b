import { SMTPServer } from 'smtp-server';
import { freePort } from './ports';

export interface CapturedMail {
  to: string[];
  raw: string;
  body: string;
}

export interface MailCatcher {
  port: number;
  mails: CapturedMail[];
  waitFor: (predicate: (m: CapturedMail) => boolean, timeoutMs?: number) => Promise<CapturedMail>;
  stop: () => Promise<void>;
}

/** Decodes the quoted-printable soft breaks and escapes a text body may carry. */
function decodeBody(raw: string): string {
  const body = raw
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('\n\n');
  return body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A local SMTP server that keeps every message it receives (no auth, no TLS; loopback only). */
export async function startMailCatcher(): Promise<MailCatcher> {
  const port = await freePort();
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw, body: decodeBody(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));

  const waitFor = async (predicate: (m: CapturedMail) => boolean, timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = mails.find(predicate);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`no matching mail within ${timeoutMs} ms (received ${mails.length})`);
  };
  return { port, mails, waitFor, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
