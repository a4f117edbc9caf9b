import { ZPlanInput, type Plan, type PlanInput } from '@prosa/contracts';
import type { z } from 'zod';
import { CrudFormModal } from '../../shared/crud/crud-form-modal';
import type { FormSlot } from '../../shared/crud/crud-page';
import type { FormBlock } from '../../shared/crud/form-types';
import { useSavePlan } from './use-plans';

type FormIn = z.input<typeof ZPlanInput>;
export const PLAN_FEATURES = ['group', 'campaign', 'integrations'] as const;

function initialValues(plan: Plan | null): FormIn {
  return {
    name: plan?.name ?? '',
    maxUsers: plan?.maxUsers ?? 5,
    maxConnections: plan?.maxConnections ?? 1,
    value: plan?.value ?? 0,
    isPublic: plan?.isPublic ?? true,
    group: plan?.group ?? true,
    campaign: plan?.campaign ?? true,
    integrations: plan?.integrations ?? true,
  };
}

const BLOCKS: FormBlock<FormIn>[] = [
  { key: 'name', fields: [{ kind: 'text', name: 'name', label: 'plans.name' }] },
  {
    key: 'limits',
    cols: 3,
    fields: [
      { kind: 'number', name: 'maxUsers', label: 'plans.maxUsers', min: 0 },
      { kind: 'number', name: 'maxConnections', label: 'plans.maxConnections', min: 0 },
      { kind: 'number', name: 'value', label: 'plans.value', min: 0, decimals: 2 },
    ],
  },
  {
    key: 'features',
    title: 'plans.features',
    cols: 3,
    fields: PLAN_FEATURES.map((name) => ({ kind: 'checkbox', name, label: `plans.${name}` }) as const),
  },
  {
    key: 'visibility',
    fields: [{ kind: 'switch', name: 'isPublic', label: 'plans.isPublic', description: 'plans.isPublicHint' }],
  },
];

export function PlanFormModal(slot: FormSlot<Plan>) {
  const save = useSavePlan();
  return (
    <CrudFormModal<FormIn, PlanInput, Plan>
      {...slot}
      testId="plan"
      titles={{ create: 'plans.createTitle', edit: 'plans.editTitle' }}
      saved={{ create: 'plans.created', edit: 'plans.updated' }}
      schema={ZPlanInput}
      initialValues={initialValues}
      blocks={BLOCKS}
      save={save}
      codeFields={{ ERR_PLAN_NAME_EXISTS: 'name' }}
      size="lg"
    />
  );
}
