/**
 * The ticket reports' definitions (report-route.ts registers each): one module per report,
 * listed here in the order of the index.
 */
import { estatisticasAtendimentosUsuarios } from './estatisticas-atendimentos-usuarios.report.js';
import { relatorioTickets } from './relatorio-tickets.report.js';
import { agendamentosoldReport } from './agendamentosold.report.js';
import { anotacoesReport } from './anotacoes.report.js';
import { avaliacoesReport } from './avaliacoes.report.js';
import { ligacoesReport } from './ligacoes.report.js';
import { protocolosReport } from './protocolos.report.js';
import type { ReportDefinition } from './report-route.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list of reports of different row types
export type AnyReportDefinition = ReportDefinition<any, any, any, any>;

export const TICKET_REPORT_DEFINITIONS: AnyReportDefinition[] = [
  estatisticasAtendimentosUsuarios,
  relatorioTickets,
  avaliacoesReport,
  protocolosReport,
  anotacoesReport,
  agendamentosoldReport,
  ligacoesReport,
];
