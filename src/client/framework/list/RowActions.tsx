/**
 * The Actions cell (on a phone behind one menu button): edit, declared links (routes or file downloads), declared row components
 * (hand-written pieces such as an import modal), declared actions (with confirmation) and delete.
 */
import { Suspense } from 'react';
import { useNavigate } from 'react-router';
import { Button, Popconfirm } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useCustomMutation, useDelete, useInvalidate } from '@refinedev/core';
import type { ActionDef, ResourceDef } from '../../../../src/shared/resource.js';
import { rowComponent as rowComponentOf } from '../../pages/registry.js';
import { useAccessContext } from '../useAccess.js';
import { can } from '../access.js';
import { canEditRow, canRemoveRow, permitted, rowComponent } from './rowExtras.js';
import { fillMessage, fillRoute, prepare, sameValue } from '../calls.js';
import { errorNotification } from '../notify.js';
import { Icon } from '../icons.js';
import { fillTemplate } from './columns.js';
import { RowMenu, usePhoneWidth } from './RowMenu.js';

export function RowActions({ def, row }: { def: ResourceDef; row: Record<string, any> }) {
  const phone = usePhoneWidth();
  const ctx = useAccessContext();
  const { mutate: remove, mutation: removal } = useDelete();
  const { mutate: callAction, mutation: acting } = useCustomMutation();
  const invalidate = useInvalidate();
  const navigate = useNavigate();

  const actions = Object.entries(def.actions ?? {}).filter(([, a]) => shows(a, row) && can(ctx, def, a.permission));

  const runAction = (name: string, a: ActionDef) => {
    const c = prepare(a.call, row);
    callAction({
      url: c.path, method: c.method.toLowerCase() as any, values: a.body ?? {},
      successNotification: () => ({ message: a.message, type: 'success' }),
      errorNotification,
    }, { onSuccess: () => invalidate({ resource: def.name, invalidates: ['list', 'many', 'detail'] }) });
    void name;
  };

  return (
    <RowMenu phone={phone}>
      {canEditRow(ctx, def) && (
        // The row is handed over as navigation state, so the edit form needs no extra call.
        <Button size="small" icon={<EditOutlined />} onClick={() => navigate(fillRoute(def.routes!.edit!, row), { state: { record: row } })}>Edit</Button>
      )}
      {(def.list?.links ?? []).filter((l) => permitted(ctx, def, l.requires)).map((l) => (
        l.download ? (
          // A plain file (e.g. a static template): the browser downloads it, no route is opened.
          <Button key={l.to} size="small" icon={l.icon ? <Icon name={l.icon} /> : undefined} href={fillTemplate(l.to, row)} download>{l.label}</Button>
        ) : (
          <Button key={l.to} size="small" icon={l.icon ? <Icon name={l.icon} /> : undefined} onClick={() => navigate(fillTemplate(l.to, row))}>{l.label}</Button>
        )
      ))}
      {(def.list?.rowComponents ?? []).map(rowComponent).filter((c) => permitted(ctx, def, c.requires)).map((c) => {
        const Component = rowComponentOf(c.component);
        return <Suspense key={c.component} fallback={null}><Component resource={def} row={row} /></Suspense>;
      })}
      {actions.map(([name, a]) => {
        const button = <Button size="small" icon={a.icon ? <Icon name={a.icon} /> : undefined} loading={acting.isPending} danger={a.permission === 'remove'}>{a.label}</Button>;
        return a.confirm ? (
          <Popconfirm key={name} title={a.confirm} okText="Yes" cancelText="No" onConfirm={() => runAction(name, a)}>{button}</Popconfirm>
        ) : (
          <span key={name} onClick={() => runAction(name, a)}>{button}</span>
        );
      })}
      {canRemoveRow(ctx, def) && (
        <Popconfirm
          title="Are you sure to delete?"
          okText="Yes"
          cancelText="No"
          onConfirm={() => remove({
            resource: def.name, id: row.id, mutationMode: 'pessimistic', errorNotification,
            successNotification: () => ({ message: fillMessage(def.messages.removed ?? 'Deleted', row), type: 'success' }),
          })}
        >
          <Button size="small" danger icon={<DeleteOutlined />} loading={removal.isPending && removal.variables?.id === row.id}>Delete</Button>
        </Popconfirm>
      )}
    </RowMenu>
  );
}

/** A declared action is offered only when the record's field is in its `when` list. */
export function shows(a: ActionDef, row: Record<string, any>): boolean {
  return !a.when || a.when.in.some((v) => sameValue(v, row[a.when!.field]));
}

