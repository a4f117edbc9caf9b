import { Alert, Button, Group, Paper, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import type { BotOutcome, BotReply, BotState, BotTrace, FlowGraph } from '@prosa/contracts';
import { IconClockOff, IconRefresh, IconSend } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/errors/toast-error';
import { useSimulate } from '../api/use-simulate';
import { labelOf, useFlowRefs } from '../builder/refs';
import { BotBubble } from './bot-bubble';
import { traceLabel } from './trace';

type Entry = { id: number; from: 'customer'; text: string } | { id: number; from: 'bot'; reply: BotReply } | { id: number; from: 'trace'; trace: BotTrace[] };

interface Props {
  graph: FlowGraph;
  /** Local faults: the server would refuse the graph, so the simulator waits for a fix. */
  invalid: boolean;
  onTrace: (trace: BotTrace[], state: BotState | null) => void;
}

/** "Simulate at": a local date-time, sent as an instant with its offset. */
function instantOf(local: string): string | undefined {
  if (!local) return undefined;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

/** Chat with the builder's graph as a customer (POST /chat-flow/simulate), one turn at a time. */
export function SimulatorPanel({ graph, invalid, onTrace }: Props) {
  const { t } = useTranslation();
  const refs = useFlowRefs();
  const simulate = useSimulate();
  const [entries, setEntries] = useState<Entry[]>([]);
  const [state, setState] = useState<BotState | null>(null);
  const [outcome, setOutcome] = useState<BotOutcome>(null);
  const [started, setStarted] = useState(false);
  const [text, setText] = useState('');
  const [at, setAt] = useState('');
  const ended = started && (outcome !== null || state === null);

  const turn = (message: string, noResponse = false) => {
    if (invalid || simulate.isPending) return;
    const seq = Date.now();
    if (!noResponse) setEntries((list) => [...list, { id: seq, from: 'customer', text: message }]);
    simulate.mutate(
      { flow: graph, state: started ? state : null, message, noResponse, at: instantOf(at) },
      {
        onSuccess: (res) => {
          setStarted(true);
          setState(res.state);
          setOutcome(res.outcome);
          setEntries((list) => [
            ...list,
            ...(res.trace.length ? [{ id: seq + 1, from: 'trace' as const, trace: res.trace }] : []),
            ...res.replies.map((reply, i) => ({ id: seq + 2 + i, from: 'bot' as const, reply })),
          ]);
          onTrace(res.trace, res.state);
        },
        onError: toastError,
      },
    );
  };

  const restart = () => {
    setEntries([]);
    setState(null);
    setOutcome(null);
    setStarted(false);
    onTrace([], null);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    turn(text);
    setText('');
  };

  const outcomeText = (o: NonNullable<BotOutcome>) =>
    o.kind === 'close'
      ? t('chatbot.simulator.outcome.close')
      : o.kind === 'integration'
        ? t('chatbot.simulator.outcome.integration', { id: o.integrationId })
      : o.kind === 'user'
        ? t('chatbot.simulator.outcome.user', { user: labelOf(refs.users, o.userId) })
        : o.userId
          ? t('chatbot.simulator.outcome.queueUser', { queue: labelOf(refs.queues, o.queueId), user: labelOf(refs.users, o.userId) })
          : t('chatbot.simulator.outcome.queue', { queue: labelOf(refs.queues, o.queueId) });

  return (
    <Stack gap="xs" h="100%" data-testid="simulator">
      <Text size="xs" c="dimmed">
        {t('chatbot.simulator.hint')}
      </Text>
      <TextInput
        type="datetime-local"
        size="xs"
        label={t('chatbot.simulator.at')}
        description={t('chatbot.simulator.atHint')}
        value={at}
        onChange={(e) => setAt(e.currentTarget.value)}
        data-testid="simulator-at"
      />
      {invalid && (
        <Alert color="orange" variant="light" p="xs">
          {t('chatbot.simulator.invalid')}
        </Alert>
      )}
      <ScrollArea.Autosize
        mah={420}
        type="auto"
        // Reachable by keyboard to scroll the conversation; read out as it grows.
        viewportProps={{ tabIndex: 0, role: 'log', 'aria-label': t('chatbot.simulator.title') }}
      >
        <Stack gap={6} p={2} data-testid="simulator-log">
          {entries.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('chatbot.simulator.empty')}
            </Text>
          )}
          {entries.map((entry) =>
            entry.from === 'customer' ? (
              <Paper key={entry.id} p="xs" radius="md" bg="blue.1" c="dark" ml="xl" data-testid="sim-customer">
                <Text size="sm">{entry.text || t('chatbot.simulator.silence')}</Text>
              </Paper>
            ) : entry.from === 'trace' ? (
              <Text key={entry.id} size="xs" c="dimmed" data-testid="sim-trace">
                {entry.trace.map((tr) => traceLabel(tr, graph)).join(' · ')}
              </Text>
            ) : (
              <BotBubble key={entry.id} reply={entry.reply} disabled={ended || invalid} onChoose={(label) => turn(label)} />
            ),
          )}
          {outcome && (
            <Alert color="teal" variant="light" p="xs" data-testid="sim-outcome">
              {outcomeText(outcome)}
            </Alert>
          )}
        </Stack>
      </ScrollArea.Autosize>
      <form onSubmit={submit}>
        <Group gap={4} wrap="nowrap">
          <TextInput
            flex={1}
            aria-label={t('chatbot.simulator.placeholder')}
            placeholder={t('chatbot.simulator.placeholder')}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            disabled={ended || invalid}
            data-testid="sim-input"
          />
          <Button type="submit" loading={simulate.isPending} disabled={ended || invalid} aria-label={t('chatbot.simulator.send')} data-testid="sim-send">
            <IconSend size={16} />
          </Button>
        </Group>
      </form>
      <Group gap="xs">
        <Button
          size="xs"
          variant="default"
          leftSection={<IconClockOff size={14} />}
          title={t('chatbot.simulator.noResponseHint')}
          disabled={!started || ended || invalid}
          onClick={() => turn('', true)}
          data-testid="sim-no-response"
        >
          {t('chatbot.simulator.noResponse')}
        </Button>
        <Button size="xs" variant="default" leftSection={<IconRefresh size={14} />} onClick={restart} data-testid="sim-restart">
          {t('chatbot.simulator.restart')}
        </Button>
      </Group>
    </Stack>
  );
}
