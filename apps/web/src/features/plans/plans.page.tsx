import { Badge, Group, Text } from '@mantine/core';
import type { Plan } from '@prosa/contracts';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../shared/crud/crud-page';
import type { CrudColumn } from '../../shared/crud/types';
import { formatMoney } from '../../shared/format/money';
import { PLAN_FEATURES, PlanFormModal } from './plan-form-modal';
import { useDeletePlan, usePlans } from './use-plans';

const rowAttrs = (plan: Plan) => ({ 'data-name': plan.name });

function Features({ plan }: { plan: Plan }) {
  const { t } = useTranslation();
  return (
    <Group gap={4}>
      {PLAN_FEATURES.filter((f) => plan[f]).map((f) => (
        <Badge key={f} variant="light" color="gray" tt="none">
          {t(`plans.${f}`)}
        </Badge>
      ))}
    </Group>
  );
}

function Visibility({ plan }: { plan: Plan }) {
  const { t } = useTranslation();
  return (
    <Badge variant="dot" color={plan.isPublic ? 'teal' : 'gray'}>
      {plan.isPublic ? t('plans.public') : t('plans.private')}
    </Badge>
  );
}

const COLUMNS: CrudColumn<Plan>[] = [
  {
    key: 'name',
    header: 'plans.name',
    render: (plan) => (
      <Text fw={600} size="sm">
        {plan.name}
      </Text>
    ),
  },
  { key: 'maxUsers', header: 'plans.maxUsers', align: 'right', render: (plan) => plan.maxUsers },
  { key: 'maxConnections', header: 'plans.maxConnections', align: 'right', render: (plan) => plan.maxConnections },
  { key: 'value', header: 'plans.value', align: 'right', render: (plan) => formatMoney(plan.value) },
  { key: 'features', header: 'plans.features', render: (plan) => <Features plan={plan} /> },
  { key: 'visibility', header: 'plans.visibility', render: (plan) => <Visibility plan={plan} /> },
];

/** Operator: the plans companies subscribe to. */
export function PlansPage() {
  const { t } = useTranslation();
  const plans = usePlans();
  const remove = useDeletePlan();
  return (
    <CrudPage
      testId="plan"
      texts={{
        title: 'plans.title',
        subtitle: 'plans.subtitle',
        add: 'plans.add',
        deleteTitle: 'plans.deleteTitle',
        deleteConfirm: 'plans.deleteConfirm',
        deleted: 'plans.deleted',
      }}
      query={plans}
      rows={plans.data ?? []}
      columns={COLUMNS}
      rowAttrs={rowAttrs}
      empty={{ title: t('plans.empty') }}
      remove={remove}
      renderForm={(slot) => <PlanFormModal {...slot} />}
    />
  );
}
