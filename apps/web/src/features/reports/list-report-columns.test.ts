import { errorCatalogues, LIST_REPORTS, ZProtocolReportQuery, uiCatalogues, type ScheduleReportRow } from '@prosa/contracts';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import { formatDuration, listCellText, listReportColumns } from './list-report-columns';

describe('list report columns', () => {
  it('every column of every list report has its header in pt, en and es', () => {
    for (const slug of LIST_REPORTS) {
      for (const c of listReportColumns(slug, i18n.t, 'pt')) {
        const key = c.header.replace('reportsLists.columns.', '');
        for (const lang of ['pt', 'en', 'es'] as const)
          expect(uiCatalogues[lang].reportsLists.columns[key as keyof typeof uiCatalogues.pt.reportsLists.columns], `${lang} ${key}`).toBeTruthy();
      }
    }
    expect(listReportColumns('avaliacoes', i18n.t, 'pt').map((c) => c.key)).toEqual([
      'ratedAt',
      'protocol',
      'contact',
      'agent',
      'queue',
      'channel',
      'rating',
    ]);
  });

  it('writes values of a list in words, errors as text, durations as m:ss and nothing as a dash', async () => {
    await i18n.changeLanguage('en');
    const cols = listReportColumns('agendamentosold', i18n.t, 'en');
    const row: ScheduleReportRow = {
      scheduleId: 1,
      ticketId: null,
      createdAt: '2026-02-01T12:00:00Z',
      sendAt: '2026-02-02T12:00:00Z',
      contact: 'Ana',
      protocol: null,
      author: 'Agente',
      message: '<b>oi</b>',
      mediaName: null,
      repeatCount: 2,
      repeatPeriod: 'monthly',
      sentCount: 0,
      status: 'error',
      lastError: 'ERR_WINDOW_CLOSED',
    };
    const cell = (key: string) => cols.find((c) => c.key === key)!.render(row);
    expect(cell('repeatCount')).toBe('2 × Monthly');
    expect(cell('status')).toBe('Error');
    expect(cell('protocol')).toBe('—');
    expect(cell('message')).toBe('<b>oi</b>');
    expect(cols.find((c) => c.key === 'message')!.render({ ...row, mediaName: 'menu.pdf' })).toBe('<b>oi</b> (File: menu.pdf)');
    expect(cols.find((c) => c.key === 'repeatCount')!.render({ ...row, repeatCount: 0, repeatPeriod: null })).toBe('—');
    expect(cell('lastError')).toBe(errorCatalogues.en.ERR_WINDOW_CLOSED.message);
    expect(listCellText('bool', false, i18n.t, 'en')).toBe('No');
    expect(cell('lastError')).not.toBe('ERR_WINDOW_CLOSED');
    expect(formatDuration(125)).toBe('2:05');
    expect(formatDuration(3725)).toBe('1:02:05');
    await i18n.changeLanguage('pt');
  });

  it('the protocol prefix: digits only, blank is no filter', () => {
    const base = { from: '2026-02-01', to: '2026-02-28' };
    expect(ZProtocolReportQuery.parse({ ...base, protocol: ' 2026 ' }).protocol).toBe('2026');
    expect(ZProtocolReportQuery.parse({ ...base, protocol: '' }).protocol).toBeUndefined();
    expect(ZProtocolReportQuery.safeParse({ ...base, protocol: '2026%' }).success).toBe(false);
    expect(ZProtocolReportQuery.safeParse({ from: '2026-03-01', to: '2026-02-01' }).success).toBe(false);
  });
});
