/**
 * /notes (spec 3 Notes): pick a class to see its notes; teachers (only they) find Add New Notes
 * here, and teachers and admins may delete a note. The class stays in the address.
 */
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Card, Form, Select, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { PageProps } from '../registry.js';
import { optionLabel } from '../../framework/labels.js';
import { usePageButton } from '../../framework/useAccess.js';
import { useDeclaredCall, useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { useClassesAndYears } from '../useClassesAndYears.js';
import { NoteCards } from './NoteCards.js';
import { PICKER } from '../../framework/pickers.js';

export default function NotesList({ resource }: PageProps) {
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const classId = /^\d+$/.test(search.get('class_id') ?? '') ? Number(search.get('class_id')) : undefined;
  const { classes, classesLoading } = useClassesAndYears();
  const options = useMemo(() => classes.map((c) => ({ value: c.id, label: optionLabel(c, 'class-section') })), [classes]);
  const canAdd = usePageButton(resource, 'list', 'add');
  const canDelete = usePageButton(resource, 'list', 'remove');
  const { result, query } = useDeclaredQuery('notes.list', { params: { class_id: classId! } }, { enabled: classId !== undefined });
  const remove = useDeclaredCall('notes.remove');

  return (
    <Card title="Notes" extra={canAdd && <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(`/notes/new${classId ? `?class_id=${classId}` : ''}`)}>Add New Notes</Button>}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Form layout="inline">
          <Form.Item label="Class" htmlFor="notes-class" required>
            <Select id="notes-class" {...PICKER} style={{ minWidth: 180 }} placeholder="Please select class"
              loading={classesLoading} options={options} value={classId}
              onChange={(v: number) => setSearch(new URLSearchParams({ class_id: String(v) }), { replace: true })} />
          </Form.Item>
        </Form>
        {classId !== undefined && (
          <NoteCards notes={query.isSuccess ? result?.data ?? [] : []} loading={query.isLoading} failed={query.isError}
            onDelete={canDelete ? async (n) => { await remove({ params: { id: n.id } }); await query.refetch(); } : undefined} />
        )}
      </Space>
    </Card>
  );
}
