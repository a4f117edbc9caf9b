import { isContactReport } from '@prosa/contracts';
import { Navigate, useParams } from 'react-router';
import { ContactReport } from './contact-report';
import { ticketReportPage } from './ticket-report-pages';

/** /relatorios/:slug: the report of that slug, or back to the index for one that is not built. */
export function ReportPage() {
  const { slug = '' } = useParams();
  if (isContactReport(slug)) return <ContactReport key={slug} slug={slug} />;
  const TicketReport = ticketReportPage(slug);
  if (TicketReport) return <TicketReport key={slug} />;
  return <Navigate to="/relatorios" replace />;
}
