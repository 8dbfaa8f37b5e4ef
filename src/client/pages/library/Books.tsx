/**
 * The books list (/library/books/): the search by code at the counter (GET /library/book/search/{code}/)
 * above the generated list of books, whose rows carry Issue and Return for the librarian.
 */
import { useState } from 'react';
import { AfterLending } from './lendingEvents.js';
import { Alert, Button, Card, Form, Input, Space, Table } from 'antd';
import { Link } from 'react-router';
import type { PageProps } from '../registry.js';
import ResourceList from '../../framework/list/ResourceList.js';
import { RowActions } from '../../framework/list/RowActions.js';
import { callDeclared, type CallData } from '../../framework/useDeclaredCall.js';
import { errorText } from '../../framework/useCall.js';
import { useAllowed } from '../../framework/useAccess.js';
import { BOOK_STATUS_OPTIONS } from '../../../generated/enums/library.js';
import { StatusTag } from '../../framework/StatusTag.js';
import { declaredCall } from '../../../shared/calls.js';

/** The search by code declares the words for a blank code. */
const CODE_REQUIRED = declaredCall('books.search').def.errors!.code!;

type Found = CallData<'books.search'>;

export default function Books({ resource }: PageProps) {
  const [found, setFound] = useState<{ code: string; rows: Found } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const canEdit = useAllowed(resource, 'update');

  const search = async ({ code }: { code: string }) => {
    setBusy(true);
    setProblem(null);
    try {
      const { data } = await callDeclared('books.search', { params: { code: code.trim() } });
      setFound({ code: code.trim(), rows: data });
    } catch (e) {
      setProblem(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  // An issue or a return from the rows shows at once in the book found above them.
  const again = () => { if (found) void search({ code: found.code }); };

  return (
    <AfterLending.Provider value={again}>
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Card size="small" title="Search by Code">
          <Form layout="inline" onFinish={(v) => void search(v)}>
            <Form.Item name="code" label="Book Code" rules={[{ required: true, whitespace: true, message: CODE_REQUIRED }]}>
              <Input allowClear style={{ width: 200 }} />
            </Form.Item>
            <Form.Item><Button type="primary" htmlType="submit" loading={busy}>Search</Button></Form.Item>
            {found && <Form.Item><Button onClick={() => setFound(null)}>Clear</Button></Form.Item>}
          </Form>
          {problem && <Alert type="error" showIcon message={problem} style={{ marginTop: 12 }} />}
          {found && (found.rows.length === 0 ? (
            <Alert type="info" showIcon message={`No book has the code ${found.code}`} style={{ marginTop: 12 }} />
          ) : (
            <Table
              style={{ marginTop: 12 }} size="small" rowKey="id" pagination={false} dataSource={found.rows}
              data-testid="book-search-result"
              columns={[
                { key: 'code', dataIndex: 'code', title: 'Code' },
                { key: 'title', dataIndex: 'title', title: 'Title', render: (t: string, r) => (canEdit ? <Link to={`/library/book/${r.id}`}>{t}</Link> : t) },
                { key: 'author', dataIndex: 'author', title: 'Author' },
                { key: 'shelf_no', dataIndex: 'shelf_no', title: 'Shelf No' },
                { key: 'status', dataIndex: 'status', title: 'Status', render: (s: number) => <StatusTag options={BOOK_STATUS_OPTIONS} value={s} /> },
                // The same buttons as the list's rows; a return or an issue here shows in the list too.
                { key: 'actions', title: 'Actions', render: (_: unknown, r) => <RowActions def={resource} row={r} /> },
              ]}
            />
          ))}
        </Card>
        <ResourceList name={resource.name} />
      </Space>
    </AfterLending.Provider>
  );
}
