import { Badge, Button, Card, Group, SimpleGrid, Text } from '@mantine/core';
import { REPORT_SLUGS } from '@prosa/contracts';
import { IconReportAnalytics } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../shared/ui/page-header';
import { isBuiltReport } from './ticket-report-pages';

/** /relatorios: every report of SPEC §2; those not built yet are shown greyed out with the reason. */
export function ReportsIndexPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('reports.title')} subtitle={t('reports.subtitle')} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="reports-index">
        {REPORT_SLUGS.map((slug) => {
          const built = isBuiltReport(slug);
          return (
            <Card
              key={slug}
              withBorder
              padding="md"
              opacity={built ? 1 : 0.55}
              data-testid={`report-card-${slug}`}
              data-built={built}
            >
              <Group justify="space-between" wrap="nowrap" mb="xs">
                <Group gap="xs" wrap="nowrap">
                  <IconReportAnalytics size={20} aria-hidden />
                  <Text fw={600}>{t(`reports.names.${slug}`)}</Text>
                </Group>
                {!built && (
                  <Badge color="gray" variant="light">
                    {t('reports.coming')}
                  </Badge>
                )}
              </Group>
              <Text size="sm" c="dimmed" mb="md">
                {t(`reports.descriptions.${slug}`)}
              </Text>
              {built ? (
                <Button
                  component={Link}
                  to={`/relatorios/${slug}`}
                  variant="light"
                  size="xs"
                  data-testid={`report-open-${slug}`}
                >
                  {t('reports.open')}
                </Button>
              ) : (
                <Text size="xs" c="dimmed">
                  {t('reports.comingReason')}
                </Text>
              )}
            </Card>
          );
        })}
      </SimpleGrid>
    </>
  );
}
