import { Text } from '@mantine/core';
import { IconMessagePlus } from '@tabler/icons-react';
import { describe, expect, it, vi } from 'vitest';
import { editDeleteActions, may } from './crud-actions';
import { CrudTable } from './crud-table';
import { visibleActions } from './row-actions';
import { bodyRows, count, render } from './test-render';
import type { CrudColumn, RowAction } from './types';

interface Person {
  id: number;
  name: string;
  email: string;
  can?: { edit: boolean; delete: boolean };
}
const ANA: Person = { id: 1, name: 'Ana', email: 'ana@x.test', can: { edit: true, delete: true } };
const BIA: Person = { id: 2, name: 'Bia', email: 'bia@x.test', can: { edit: true, delete: false } };
const CAIO: Person = { id: 3, name: 'Caio', email: 'caio@x.test' };

const COLUMNS: CrudColumn<Person>[] = [
  { key: 'name', header: 'users.name', render: (p) => <Text>{p.name}</Text> },
  { key: 'email', header: 'users.email', render: (p) => p.email, testId: 'person-row-email' },
];
const table = (rows: Person[], actions: RowAction<Person>[]) =>
  render(
    <CrudTable
      rows={rows}
      columns={COLUMNS}
      actions={actions}
      testId="person"
      rowKey={(p) => p.id}
      rowName={(p) => p.name}
      rowAttrs={(p) => ({ 'data-email': p.email })}
    />,
  );

describe('permissions from the server', () => {
  it('follows `can` where the entity has it, and leaves it to the route where it has none', () => {
    expect(may(ANA, 'delete')).toBe(true);
    expect(may(BIA, 'delete')).toBe(false);
    expect(may(BIA, 'edit')).toBe(true);
    expect(may(CAIO, 'delete')).toBe(true);
    expect(may({ id: 4, can: { edit: false } }, 'edit')).toBe(false);
  });

  it('edit and delete are shown only where allowed, and never on a row that may not be deleted', () => {
    const actions = editDeleteActions<Person>('person', {
      onEdit: vi.fn(),
      onDelete: vi.fn(),
      deletable: (p) => p.id !== 3,
    });
    expect(visibleActions(actions, ANA).map((a) => a.testId)).toEqual(['person-edit', 'person-delete']);
    expect(visibleActions(actions, BIA).map((a) => a.testId)).toEqual(['person-edit']);
    expect(visibleActions(actions, CAIO).map((a) => a.testId)).toEqual(['person-edit']);
    expect(editDeleteActions<Person>('person', { onEdit: vi.fn() }).map((a) => a.key)).toEqual(['edit']);
  });
});

describe('CrudTable', () => {
  const actions = editDeleteActions<Person>('person', { onEdit: vi.fn(), onDelete: vi.fn() });

  it('draws the headings in the current language and one row per entity, found by its attributes', async () => {
    const html = await table([ANA, BIA], actions);
    expect(html).toContain('data-testid="person-table"');
    expect(html).toContain('>Nome</th>');
    expect(html).toContain('>E-mail</th>');
    expect(html).toContain('>Ações</th>');
    const rows = bodyRows(html);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('data-testid="person-row"');
    expect(rows[0]).toContain('data-email="ana@x.test"');
    expect(rows[1]).toContain('data-email="bia@x.test"');
    expect(rows[0]).toContain('data-testid="person-row-email"');
  });

  it('on a phone every cell but the title says its heading, and the actions cell is marked for the card', async () => {
    const [row] = bodyRows(await table([ANA], actions));
    expect(row).toContain('data-label="E-mail"');
    expect(row).not.toContain('data-label="Nome"');
    expect(row).toContain('data-cell="actions"');
    // The scroll box sets the desktop width the card layout drops on a phone.
    expect(await table([ANA], actions)).toContain('--crud-min-width:760px');
  });

  it('names each action after the row, and draws only what `can` allows', async () => {
    const [ana, bia] = bodyRows(await table([ANA, BIA], actions));
    expect(ana).toContain('aria-label="Editar Ana"');
    expect(ana).toContain('aria-label="Excluir Ana"');
    expect(bia).toContain('aria-label="Editar Bia"');
    expect(bia).not.toContain('person-delete');
  });

  it('puts menu actions behind one "more" button per row, and custom buttons before edit', async () => {
    const start: RowAction<Person> = {
      key: 'start',
      label: 'contacts.startChat',
      icon: <IconMessagePlus size={18} />,
      onClick: vi.fn(),
      testId: 'person-start',
    };
    const users: RowAction<Person> = { ...start, key: 'users', testId: 'person-users', inMenu: true };
    const html = await table([ANA, CAIO], [start, users, ...actions]);
    const [ana] = bodyRows(html);
    expect(ana?.indexOf('person-start')).toBeLessThan(ana?.indexOf('person-edit') ?? -1);
    expect(count(html, 'data-testid="person-menu"')).toBe(2);
    expect(ana).toContain('aria-label="Ações Ana"');
    // Menu items exist only once the menu opens.
    expect(html).not.toContain('person-users');
  });

  it('has no actions column when the screen gives none', async () => {
    const html = await table([ANA], []);
    expect(html).not.toContain('Ações');
    expect(html).not.toContain('data-cell="actions"');
  });
});
