import { Accordion, Badge, Button, Group, Pagination, Stack, Text } from '@mantine/core';
import { HELP_PAGE_SIZE } from '@prosa/contracts';
import { IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isOperatorSession } from '../../shared/auth/session';
import { useSession } from '../../shared/auth/use-session';
import { CrudToolbar, SearchBox } from '../../shared/crud/crud-toolbar';
import { useDebouncedSearch } from '../../shared/crud/use-debounced-search';
import { PageHeader } from '../../shared/ui/page-header';
import { EmptyState, ErrorBlock, LoadingBlock } from '../../shared/ui/query-state';
import { HelpVideo } from './help-video';
import { useHelpList } from './use-helps';

/** /ajuda: the operator's help articles for everyone, searched, each opened with its video. */
export function HelpPage() {
  const { t } = useTranslation();
  const session = useSession();
  const search = useDebouncedSearch();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const list = useHelpList(search.debounced, page);
  const data = list.data;
  const actions = isOperatorSession(session) ? (
    <Button
      component={Link}
      to="/ajuda/gerenciar"
      variant="light"
      leftSection={<IconSettings size={16} />}
      data-testid="help-manage"
    >
      {t('help.manage')}
    </Button>
  ) : undefined;
  return (
    <>
      <PageHeader title={t('help.title')} subtitle={t('help.subtitle')} actions={actions} />
      <CrudToolbar testId="help">
        <SearchBox
          value={search.value}
          onChange={(v) => {
            search.setValue(v);
            setPage(1);
          }}
          label={t('help.search')}
          testId="help-search"
        />
      </CrudToolbar>
      {list.isError ? (
        <ErrorBlock error={list.error} onRetry={() => void list.refetch()} />
      ) : !data ? (
        <LoadingBlock />
      ) : data.count === 0 ? (
        <EmptyState title={search.debounced ? t('help.noMatch') : t('help.empty')} />
      ) : (
        <Stack>
          <Accordion variant="separated" value={open} onChange={setOpen} data-testid="help-list">
            {data.helps.map((h) => (
              <Accordion.Item key={h.id} value={String(h.id)} data-testid="help-item" data-title={h.title}>
                <Accordion.Control>
                  <Group gap="xs" wrap="nowrap">
                    <Text fw={600}>{h.title}</Text>
                    {h.videoId && (
                      <Badge variant="light" size="sm">
                        {t('help.hasVideo')}
                      </Badge>
                    )}
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <Stack gap="md">
                    {h.description && (
                      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="help-description">
                        {h.description}
                      </Text>
                    )}
                    {h.videoId && open === String(h.id) && <HelpVideo videoId={h.videoId} title={h.title} />}
                  </Stack>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
          {data.count > HELP_PAGE_SIZE && (
            <Group justify="center">
              <Pagination total={Math.ceil(data.count / HELP_PAGE_SIZE)} value={page} onChange={setPage} />
            </Group>
          )}
        </Stack>
      )}
    </>
  );
}
