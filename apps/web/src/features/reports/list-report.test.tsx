import type { CallReportRow } from '@prosa/contracts';
import { describe, expect, it } from 'vitest';
import { CrudTable } from '../../shared/crud/crud-table';
import { bodyRows, render } from '../../shared/crud/test-render';
import { i18n } from '../../shared/i18n/i18n';
import { TotalsTable } from './list-report';
import { listReportColumns } from './list-report-columns';

const CALL: CallReportRow = {
  callId: 7,
  startedAt: '2026-02-05T13:30:00.000Z',
  direction: 'in',
  status: 'answered',
  contact: 'Ana',
  number: '*********0001',
  agent: null,
  channel: 'WhatsApp Loja',
  protocol: '20260205000001',
  durationSeconds: 125,
  hasRecording: true,
};

describe('a list report on screen', () => {
  it('draws the columns of the report with values in words, in pt', async () => {
    const html = await render(
      <CrudTable
        rows={[CALL]}
        columns={listReportColumns('ligacoes', i18n.t, 'pt')}
        actions={[]}
        testId="report"
        rowKey={(r) => r.callId}
        rowName={(r) => r.contact}
      />,
    );
    for (const head of ['Data', 'Sentido', 'Situação', 'Contato', 'Número', 'Agente', 'Conexão', 'Protocolo', 'Duração (s)', 'Gravação'])
      expect(html).toContain(head);
    const [row] = bodyRows(html);
    expect(row).toContain('Recebida');
    expect(row).toContain('Atendida');
    expect(row).toContain('*********0001');
    expect(row).toContain('2:05');
    // A recording is played from the row (issue 17), not told as "Sim".
    expect(row).toContain('Ouvir gravação');
    expect(row).toContain('data-testid="call-recording-play"');
    expect(row).toContain('—');
  });

  it('draws a totals table, and nothing without rows', async () => {
    const html = await render(
      <TotalsTable testId="t" title="Por agente" head={['Agente', 'Quantidade']} rows={[['Ana', 2], ['Ana', 1]]} />,
    );
    expect(bodyRows(html)).toHaveLength(2);
    expect(await render(<TotalsTable testId="t" title="x" head={['a']} rows={[]} />)).not.toContain('<table');
  });
});
