import { isContactReport, type ReportSlug, type TicketReportSlug } from '@prosa/contracts';
import type { ComponentType } from 'react';
import { ServiceStatsReport } from './estatisticas-atendimentos-usuarios.report';
import { TicketsReport } from './relatorio-tickets.report';
import { AgendamentosoldReport } from './agendamentosold.report';
import { AnotacoesReport } from './anotacoes.report';
import { AvaliacoesReport } from './avaliacoes.report';
import { LigacoesReport } from './ligacoes.report';
import { ProtocolosReport } from './protocolos.report';

/** The ticket reports built, each its page (features/reports/<slug>.report.tsx). */
const PAGES: Partial<Record<TicketReportSlug, ComponentType>> = {
  'estatisticas-atendimentos-usuarios': ServiceStatsReport,
  'relatorio-tickets': TicketsReport,
  avaliacoes: AvaliacoesReport,
  protocolos: ProtocolosReport,
  anotacoes: AnotacoesReport,
  agendamentosold: AgendamentosoldReport,
  ligacoes: LigacoesReport,
};

export const ticketReportPage = (slug: string): ComponentType | undefined =>
  (PAGES as Record<string, ComponentType | undefined>)[slug];

/** Whether /relatorios/:slug shows a report (the index greys out the others). */
export const isBuiltReport = (slug: ReportSlug): boolean =>
  isContactReport(slug) || ticketReportPage(slug) !== undefined;
