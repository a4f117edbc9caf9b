/** What the campaign test files share: a multipart body (a campaign with its file) and a tiny PNG. */
const BOUNDARY = '----prosa-campaign-boundary';

export function multipart(parts: { name: string; value: string | Buffer; filename?: string; type?: string }[]) {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disp = p.filename ? `; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}` : '';
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name}"${disp}\r\n\r\n`), Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, body: Buffer.concat(chunks) };
}

export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
