/**
 * Edit Student at /students/:id and /students/edit/:id: the generated form (ResourceForm) with
 * the record read from GET /student/{id}/, since the student's single-record call is
 * hand-written on the server (the generic form would look for a declared `one` call).
 */
import { useParams } from 'react-router';
import { Result, Spin } from 'antd';
import { useCustom } from '@refinedev/core';
import type { PageProps } from '../registry.js';
import ResourceForm from '../../framework/form/ResourceForm.js';
import { errorNotification } from '../../framework/notify.js';

export default function StudentEdit({ resource }: PageProps) {
  const { id } = useParams();
  const { result, query } = useCustom<Record<string, any>>({
    url: `/student/${id}/`, method: 'get', errorNotification, queryOptions: { enabled: Boolean(id) },
  });
  const record = result?.data as Record<string, any> | undefined;
  if (query.isError) return <Result status="404" title="Record not found" subTitle={query.error?.message} />;
  if (!record || query.isFetching) return <Spin style={{ display: 'block', margin: 48 }} />;
  return <ResourceForm key={String(record.id)} name={resource.name} mode="edit" record={record} />;
}
