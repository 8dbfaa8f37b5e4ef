/**
 * Edit Student at /students/:id and /students/edit/:id: the generated form (ResourceForm) with
 * the record read by the declared students.one (its answer carries the student's years too, so
 * it is a declared call rather than the generic `api.one`).
 */
import { useParams } from 'react-router';
import { Result, Spin } from 'antd';
import type { PageProps } from '../registry.js';
import ResourceForm from '../../framework/form/ResourceForm.js';
import { useDeclaredQuery, type CallData } from '../../framework/useDeclaredCall.js';

export default function StudentEdit({ resource }: PageProps) {
  const { id } = useParams();
  const { result, query } = useDeclaredQuery('students.one', { params: { id: Number(id) } }, { enabled: Boolean(id) });
  const record: CallData<'students.one'> | undefined = result?.data;
  if (query.isError) return <Result status="404" title="Record not found" subTitle={query.error?.message} />;
  if (!record || query.isFetching) return <Spin style={{ display: 'block', margin: 48 }} />;
  return <ResourceForm key={String(record.id)} name={resource.name} mode="edit" record={record} />;
}
