/**
 * /question-paper/ (spec 3 Question papers): pick class, academic year and subject, then Go
 * lists that subject's papers ('Please select class, ac year and subject' until all three are
 * picked); each opens in the editor, and may be deleted.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { App, Button, Card, Popconfirm, Space, Table } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { PageProps } from '../registry.js';
import { formatDateTime } from '../../framework/format.js';
import { usePageButton } from '../../framework/useAccess.js';
import { useDeclaredCall, useDeclaredQuery, type CallData } from '../../framework/useDeclaredCall.js';
import { QpPickers, useEnabledYear } from './QpPickers.js';
import { LIST_NEEDS, picksQuery, useQpPicks, type QpPicks } from './qpPicks.js';

type Paper = CallData<'question-papers.list'>[number];
const complete = (p: QpPicks): p is Required<QpPicks> => p.class_id !== undefined && p.ac_year_id !== undefined && p.subject_id !== undefined;

export default function QuestionPapers({ resource }: PageProps) {
  const navigate = useNavigate();
  const { notification } = App.useApp();
  const [chosen, setPicks] = useQpPicks();
  const enabledYear = useEnabledYear();
  const picks = { ...chosen, ac_year_id: chosen.ac_year_id ?? enabledYear };
  const [shown, setShown] = useState<Required<QpPicks> | null>(() => (complete(picks) ? picks : null));
  const canAdd = usePageButton(resource, 'list', 'add');
  const canDelete = usePageButton(resource, 'list', 'remove');
  const { result, query } = useDeclaredQuery('question-papers.list', { params: shown ?? { class_id: 0, ac_year_id: 0, subject_id: 0 } }, { enabled: !!shown });
  const remove = useDeclaredCall('question-papers.remove');
  const go = () => (complete(picks) ? setShown({ ...picks }) : notification.error({ message: LIST_NEEDS }));

  const columns = [
    { title: 'Name', dataIndex: 'name', key: 'name', render: (name: string, p: Paper) => <a onClick={() => navigate(`/question-paper/${p.id}`)}>{name}</a> },
    { title: 'Subject', dataIndex: 'subject', key: 'subject' },
    { title: 'Updated', dataIndex: 'updated', key: 'updated', render: (v: string) => formatDateTime(v) },
    ...(canDelete ? [{
      title: 'Actions', key: 'actions', render: (_: unknown, p: Paper) => (
        <Popconfirm title="Delete this question paper?" okText="Delete" okButtonProps={{ danger: true }}
          onConfirm={async () => { await remove({ params: { id: p.id } }); await query.refetch(); }}>
          <Button danger size="small" icon={<DeleteOutlined />} aria-label={`Delete ${p.name}`} />
        </Popconfirm>
      ),
    }] : []),
  ];

  return (
    <Card title="Question Papers" extra={canAdd && (
      <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(`/question-paper/new?${picksQuery(picks)}`)}>New Question Paper</Button>
    )}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Space wrap align="start">
          <QpPickers picks={picks} set={setPicks} idPrefix="qp-list" />
          <Button type="primary" onClick={go}>Go</Button>
        </Space>
        {shown && (
          <Table<Paper> rowKey="id" size="middle" loading={query.isLoading} columns={columns} pagination={false}
            dataSource={query.isSuccess ? result?.data ?? [] : []} locale={{ emptyText: 'No question papers yet.' }} scroll={{ x: true }} />
        )}
      </Space>
    </Card>
  );
}
