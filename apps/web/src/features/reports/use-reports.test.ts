import { ZContactReportFilter, ZContactReportQuery } from '@prosa/contracts';
import { describe, expect, it } from 'vitest';
import { reportColumns } from './report-columns';
import { reportQuery } from './use-reports';

describe('report filters on the wire', () => {
  it('the form values parse with the shared schema and reach the server as the same filter', () => {
    const filter = ZContactReportFilter.parse({
      from: '2026-01-01',
      to: '',
      tagIds: ['3', '7'],
      userIds: [],
      laneIds: [],
      states: ['SP', 'RJ'],
    });
    expect(filter).toEqual({
      from: '2026-01-01',
      to: undefined,
      tagIds: [3, 7],
      userIds: [],
      laneIds: [],
      states: ['SP', 'RJ'],
    });
    const wire = reportQuery(filter);
    expect(wire).toEqual({
      from: '2026-01-01',
      to: undefined,
      tagIds: '3,7',
      userIds: '',
      laneIds: '',
      states: 'SP,RJ',
    });
    // What the server reads back from that querystring.
    const query = Object.fromEntries(Object.entries(wire).filter(([, v]) => v));
    expect({ to: undefined, ...ZContactReportQuery.parse(query) }).toEqual({ ...filter, pageNumber: 1, pageSize: 50 });
  });

  it('refuses a period that ends before it starts and an unknown state', () => {
    const base = { tagIds: [], userIds: [], laneIds: [], states: [] };
    expect(ZContactReportFilter.safeParse({ ...base, from: '2026-02-01', to: '2026-01-01' }).success).toBe(false);
    expect(ZContactReportFilter.safeParse({ ...base, states: ['XX'] }).success).toBe(false);
  });

  it('names the group column after the report', () => {
    expect(reportColumns('contatos-por-crm').map((c) => c.header)).toEqual([
      'reports.groupBy.contatos-por-crm',
      'reports.columns.name',
      'reports.columns.number',
      'reports.columns.email',
      'reports.columns.dealValue',
      'reports.columns.wallets',
      'reports.columns.createdAt',
    ]);
    expect(reportColumns('lista-contatos')[0]!.header).toBe('reports.columns.name');
  });
});
