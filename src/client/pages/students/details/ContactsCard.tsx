/**
 * The student's contacts (GET /student/contacts/{id}/): name, relation, mobile, e-mail and
 * tags for SMS and emergency; add and edit in a modal holding the generated form of the
 * contact declaration, delete with confirmation. More than two SMS-enabled contacts gets a hint.
 */
import { useState } from 'react';
import { Alert, Button, Card, List, Modal, Popconfirm, Space, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useDelete, useList } from '@refinedev/core';
import { resourceByName } from '../../../../shared/registry.js';
import { EmbeddedResourceForm } from '../../../framework/form/ResourceForm.js';
import { errorNotification } from '../../../framework/notify.js';
import { useAllowed } from '../../../framework/useAccess.js';
import { fillMessage } from '../../../framework/calls.js';
import { tooManySms } from '../detailsModel.js';
import type { StudentContact } from '../../../../generated/entities/students.js';
import type { EntityRow } from '../../../../shared/wire.js';

/** A contact as the student contacts list answers it. */
export type Contact = EntityRow<StudentContact>;

const def = resourceByName('student-contacts');

/** The contacts of one student; `onContacts` hands them to the page (text messages go to SMS-enabled ones). */
export function useContacts(studentId: number) {
  const { result, query } = useList<Contact>({
    resource: def.name, pagination: { mode: 'off' }, errorNotification,
    filters: [{ field: 'student_id', operator: 'eq', value: studentId }],
    queryOptions: { enabled: Number.isInteger(studentId) },
  });
  return { contacts: result?.data ?? [], loading: query.isFetching };
}

export function ContactsCard({ studentId, contacts, loading }: { studentId: number; contacts: Contact[]; loading: boolean }) {
  const [editing, setEditing] = useState<{ mode: 'create' | 'edit'; record?: Contact } | null>(null);
  const canCreate = useAllowed(def, 'create');
  const canUpdate = useAllowed(def, 'update');
  const canRemove = useAllowed(def, 'remove');
  const { mutate: remove, mutation: removal } = useDelete();

  return (
    <Card
      title="Contacts"
      size="small"
      extra={canCreate && <Button size="small" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'create' })}>Add Contact</Button>}
      data-testid="contacts-card"
    >
      {tooManySms(contacts) && (
        <Alert type="warning" showIcon style={{ marginBottom: 8 }} message="SMS can be enabled on at most 2 contacts" />
      )}
      <List<Contact>
        loading={loading}
        dataSource={contacts}
        locale={{ emptyText: 'No contacts' }}
        renderItem={(c) => (
          <List.Item
            actions={[
              canUpdate && <Button key="edit" size="small" icon={<EditOutlined />} aria-label={`Edit ${c.contact_name}`} onClick={() => setEditing({ mode: 'edit', record: c })} />,
              canRemove && (
                <Popconfirm
                  key="delete" title="Are you sure to delete?" okText="Yes" cancelText="No"
                  onConfirm={() => remove({
                    resource: def.name, id: c.id, mutationMode: 'pessimistic', errorNotification,
                    successNotification: () => ({ type: 'success', message: fillMessage(def.messages.removed ?? 'Deleted', c as any) }),
                  })}
                >
                  <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Delete ${c.contact_name}`} loading={removal.isPending && removal.variables?.id === c.id} />
                </Popconfirm>
              ),
            ].filter(Boolean)}
          >
            <List.Item.Meta
              title={<Space wrap>{c.contact_name}{c.student_relation && <Typography.Text type="secondary">({c.student_relation})</Typography.Text>}</Space>}
              description={
                <Space direction="vertical" size={0}>
                  <span>{[c.mobile, c.email].filter(Boolean).join(' · ')}</span>
                  {c.address && <span>{c.address}</span>}
                  <Space size={4} wrap>
                    {c.enable_sms && <Tag color="blue">SMS</Tag>}
                    {c.is_emergency_contact && <Tag color="red">Emergency</Tag>}
                  </Space>
                </Space>
              }
            />
          </List.Item>
        )}
      />
      <Modal
        open={editing !== null}
        title={editing?.mode === 'edit' ? 'Edit Contact' : 'Add Contact'}
        footer={null}
        onCancel={() => setEditing(null)}
        destroyOnHidden
        width={640}
      >
        {editing && (
          <EmbeddedResourceForm
            key={editing.record?.id ?? 'new'}
            def={def}
            mode={editing.mode}
            record={editing.record as Record<string, any> | undefined}
            preset={{ student_id: studentId }}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
    </Card>
  );
}
