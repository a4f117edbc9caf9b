import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { FormBlocks } from './crud-form-modal';
import { CrudList } from './crud-list';
import { fieldNames, type FormBlock } from './form-types';
import { bodyRows, render } from './test-render';
import { normalizeSearch } from './use-debounced-search';

interface Values {
  name: string;
  bio: string;
  profile: string;
  queues: number[];
  active: boolean;
  color: string;
  value: number | null;
  extra: { k: string }[];
}
const VALUES: Values = {
  name: 'Ana',
  bio: '',
  profile: 'admin',
  queues: [2],
  active: true,
  color: '#1c7ed6',
  value: 10,
  extra: [],
};
const BLOCKS: FormBlock<Values>[] = [
  {
    key: 'main',
    cols: 2,
    fields: [
      { kind: 'text', name: 'name', label: 'users.name', required: true },
      { kind: 'textarea', name: 'bio', label: 'contacts.description', testId: 'person-about' },
      {
        kind: 'select',
        name: 'profile',
        label: 'users.profile',
        options: [{ value: 'admin', label: 'Administrador' }],
        disabled: true,
      },
      { kind: 'number', name: 'value', label: 'plans.value', decimals: 2, min: 0, prefix: 'R$ ' },
    ],
  },
  {
    key: 'more',
    title: 'contacts.flags',
    fields: [
      {
        kind: 'multiselect',
        name: 'queues',
        label: 'users.queues',
        numeric: true,
        options: [{ value: '2', label: 'Vendas' }],
      },
      { kind: 'switch', name: 'active', label: 'queues.active', description: 'users.ignoreWalletHint' },
      { kind: 'color', name: 'color', label: 'queues.color' },
      { kind: 'custom', key: 'extra', names: ['extra'], render: () => <p data-testid="custom-extra">extra</p> },
    ],
  },
];

function Harness({ errors = {} }: { errors?: Record<string, string> }) {
  const form = useForm<Values>({ defaultValues: VALUES });
  return (
    <form>
      <FormBlocks
        blocks={BLOCKS}
        ctx={{ form, fieldError: (n) => errors[n] }}
        testIdPrefix="person"
      />
    </form>
  );
}

/** The <input>/<textarea> element whose attributes include the test id. */
const element = (html: string, testId: string) =>
  html.match(new RegExp(`<(input|textarea)[^>]*data-testid="${testId}"[^>]*>`))?.[0] ?? '';

describe('a described form', () => {
  it('draws every field with its label, its value, its test id and the first one focused', async () => {
    const html = await render(<Harness />);
    for (const label of ['Nome', 'Descrição', 'Perfil', 'Valor', 'Filas', 'Cor'])
      expect(html, label).toMatch(new RegExp(`<label[^>]*>${label}`));
    // A switch's input sits inside the label that names it.
    expect(html).toMatch(/<label[^>]*><input data-testid="person-active"[^>]*>.*?>Ativa<\/span>.*?<\/label>/);
    // Text inputs are registered (uncontrolled: react-hook-form fills them once mounted).
    expect(element(html, 'person-name')).toContain('name="name"');
    expect(element(html, 'person-name')).toContain('data-autofocus');
    expect(element(html, 'person-about')).not.toContain('data-autofocus');
    expect(element(html, 'person-profile')).toContain('disabled');
    expect(element(html, 'person-value')).toContain('value="R$ 10"');
    expect(element(html, 'person-color')).toContain('value="#1c7ed6"');
    expect(element(html, 'person-active')).toContain('checked');
    expect(html).toContain('Vendas');
    expect(html).toContain('data-testid="custom-extra"');
    // A titled block stands under its heading, and a required field says so.
    expect(html).toContain('Opções');
    expect(html).toMatch(/Nome<span[^>]*aria-hidden="true"[^>]*>/);
  });

  it('shows an error on its field, wired to the input for a screen reader', async () => {
    const html = await render(<Harness errors={{ name: 'Campo obrigatório' }} />);
    const input = element(html, 'person-name');
    expect(input).toContain('aria-invalid="true"');
    const describedBy = input.match(/aria-describedby="([^"]+)"/)?.[1] ?? '';
    expect(describedBy).not.toBe('');
    expect(html).toMatch(new RegExp(`id="${describedBy.split(' ')[0]}"[^>]*>Campo obrigatório`));
    expect(element(html, 'person-about')).not.toContain('aria-invalid="true"');
  });

  it('knows which fields it holds, custom ones included, to show the server field errors on them', () => {
    expect(fieldNames(BLOCKS)).toEqual(['name', 'bio', 'profile', 'value', 'queues', 'active', 'color', 'extra']);
  });
});

describe('the list states', () => {
  const idle = { isPending: false, isError: false, error: null, refetch: vi.fn() };
  const list = (props: Partial<Parameters<typeof CrudList<{ id: number; name: string }>>[0]>) =>
    render(
      <CrudList
        query={idle}
        rows={[]}
        columns={[{ key: 'name', header: 'users.name', render: (r) => r.name }]}
        actions={[]}
        testId="thing"
        rowKey={(r) => r.id}
        rowName={(r) => r.name}
        empty={{ title: 'Nada aqui', hint: 'Crie o primeiro' }}
        {...props}
      />,
    );

  it('loading, then error with a retry, then empty with its hint', async () => {
    expect(await list({ query: { ...idle, isPending: true } })).toContain('aria-busy="true"');
    const failed = await list({ query: { ...idle, isError: true, error: new Error('x') } });
    expect(failed).toContain('Não foi possível carregar os dados.');
    expect(failed).toContain('Tentar novamente');
    const empty = await list({});
    expect(empty).toContain('data-testid="empty-state"');
    expect(empty).toContain('Crie o primeiro');
    expect(await list({ holding: true, rows: [{ id: 1, name: 'x' }] })).toContain('aria-busy="true"');
  });

  it('the rows, with numbered pages only when there is more than one', async () => {
    const rows = [{ id: 1, name: 'Um' }];
    const one = await list({ rows, paging: { page: 1, total: 1, onChange: vi.fn() } });
    expect(bodyRows(one)).toHaveLength(1);
    expect(one).not.toContain('thing-pagination');
    expect(await list({ rows, paging: { page: 2, total: 3, onChange: vi.fn() } })).toContain(
      'data-testid="thing-pagination"',
    );
  });
});

describe('the search term', () => {
  it('is trimmed, and empty below the minimum length (SPEC §5: two letters for contacts)', () => {
    expect(normalizeSearch('  ana ')).toBe('ana');
    expect(normalizeSearch('   ')).toBe('');
    expect(normalizeSearch('a', 2)).toBe('');
    expect(normalizeSearch(' ab ', 2)).toBe('ab');
  });
});
