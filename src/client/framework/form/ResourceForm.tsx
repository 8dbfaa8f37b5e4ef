/**
 * The generated create and edit page of any resource: an RJSF form (antd theme) built from
 * the resource's schema and form hints. Edit takes the record from navigation state when the
 * list handed it over, else fetches the declared `one` call.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { Alert, App, Card, Result, Spin } from 'antd';
import Form from '@rjsf/antd';
import type { IChangeEvent } from '@rjsf/core';
import { useCreate, useOne, useUpdate } from '@refinedev/core';
import { resourceByName } from '../../../shared/registry.js';
import { fillPath, parseCall, type ResourceDef } from '../../../../src/shared/resource.js';
import { validator } from './validator.js';
import { placeCustomErrors } from './errors.js';
import { WIDGETS } from './widgets/index.js';
import { FIELDS } from './fields/index.js';
import type { ResourceFormContext } from './widgets/ResourceSelectWidget.js';
import {
  buildBody, formFields, formSchema, formUiSchema, hiddenByCondition, initialCreateData, initialEditData, pick, type FormMode,
} from './formModel.js';
import { fillMessage, fillRoute } from '../calls.js';
import { errorNotification } from '../notify.js';
import { errorText, useCall, type CallMethod } from '../useCall.js';

/**
 * `record`: the record to edit when the page fetched it itself (a resource whose single-record
 * call is hand-written, e.g. GET /student/{id}/); else the list's hand-over or the `one` call.
 */
export default function ResourceForm({ name, mode, record: given }: { name: string; mode: FormMode; record?: Record<string, any> }) {
  const def = resourceByName(name);
  const params = useParams();
  const location = useLocation();
  const state = (location.state ?? {}) as { record?: Record<string, any>; preset?: Record<string, unknown> };
  const handed = mode !== 'edit' ? undefined
    : given ?? (state.record && String(state.record.id) === String(params.id) ? state.record : undefined);
  const { result, query } = useOne({
    resource: name, id: params.id ?? '',
    queryOptions: { enabled: mode === 'edit' && !handed && Boolean(params.id) },
    errorNotification,
  });
  if (mode === 'edit') {
    const record = handed ?? (result as Record<string, any> | undefined);
    if (!record) {
      if (query.isError) return <Result status="404" title="Record not found" subTitle={query.error?.message} />;
      return <Spin style={{ display: 'block', margin: 48 }} />;
    }
    return <FormBody key={String(record.id)} def={def} mode="edit" record={record} routeParams={params} />;
  }
  return <FormBody def={def} mode="create" preset={{ ...params, ...(state.preset ?? {}) }} routeParams={params} />;
}

interface BodyProps {
  def: ResourceDef;
  mode: FormMode;
  record?: Record<string, any>;
  preset?: Record<string, unknown>;
  routeParams: Record<string, string | undefined>;
  /**
   * Embedded use (a form inside a modal of a hand-written page): called after a successful
   * save instead of going to the list, and the form is drawn without its card.
   */
  onDone?: (saved: Record<string, unknown>) => void;
}

/** The generated form of a resource inside another page (e.g. a modal): saves, then calls `onDone`. */
export type EmbeddedFormProps = Omit<BodyProps, 'routeParams'>;
export function EmbeddedResourceForm(props: EmbeddedFormProps) {
  return <FormBody {...props} routeParams={{}} />;
}

function FormBody({ def, mode, record, preset, routeParams, onDone }: BodyProps) {
  const navigate = useNavigate();
  const original = useMemo(() => (record ? initialEditData(def, record) : {}), [def, record]);
  const [data, setData] = useState<Record<string, unknown>>(() => (mode === 'edit' ? original : initialCreateData(def, preset)));
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const { mutateAsync: create } = useCreate();
  const { mutateAsync: update } = useUpdate();
  const { modal, notification } = App.useApp();
  const call = useCall();

  /** A resource declaring a preview call asks the person to confirm what the create will do. */
  const confirmCreate = async (body: Record<string, unknown>): Promise<boolean> => {
    if (!def.api.preview) return true;
    const { method, path } = parseCall(def.api.preview);
    let summary: string;
    try {
      summary = (await call<{ summary: string }>(method.toLowerCase() as CallMethod, fillPath(path, body), body)).summary;
    } catch (e) {
      notification.error({ message: errorText(e) });
      return false;
    }
    return new Promise((resolve) => {
      modal.confirm({ title: 'Are you sure?', content: summary, okText: 'Yes', cancelText: 'No', onOk: () => resolve(true), onCancel: () => resolve(false) });
    });
  };

  const fields = useMemo(() => formFields(def, mode), [def, mode]);
  const hidden = hiddenByCondition(def, data);
  const visible = fields.filter((f) => !hidden.includes(f));
  const key = visible.join(',');
  const schema = useMemo(() => formSchema(def, visible), [def, key]); // eslint-disable-line react-hooks/exhaustive-deps
  const uiSchema = useMemo(() => formUiSchema(def, mode, visible), [def, mode, key]); // eslint-disable-line react-hooks/exhaustive-deps
  // Widgets set other fields (a picker's prefill) through the form, queued after their own change.
  const formRef = useRef<any>(null);
  const visibleRef = useRef(visible);
  visibleRef.current = visible;
  const setFields = useCallback((values: Record<string, unknown>) => {
    for (const [k, v] of Object.entries(values)) {
      if (visibleRef.current.includes(k) && formRef.current?.setFieldValue) formRef.current.setFieldValue(k, v);
      else setData((prev) => ({ ...prev, [k]: v }));
    }
  }, []);
  const formContext = useMemo<ResourceFormContext>(() => ({ formData: data, record, setFields }), [data, record, setFields]);

  const onChange = (e: IChangeEvent) => {
    setData((prev) => {
      // Values of fields not on screen (hidden by showWhen) are kept so toggling back restores them.
      const kept = Object.fromEntries(Object.entries(prev).filter(([k]) => !visible.includes(k)));
      return { ...kept, ...(e.formData ?? {}) };
    });
  };

  const listRoute = (values: Record<string, unknown>) => {
    // A resource whose list is a hand-written page (students) returns there.
    const list = def.routes?.list ?? Object.values(def.pages ?? {}).find((p) => p.permission === 'read' && !p.route.includes(':'))?.route;
    return list ? fillRoute(list, values) : '/';
  };

  const onSubmit = async (e: IChangeEvent) => {
    const full = { ...data, ...(e.formData ?? {}) };
    const body = buildBody(def, mode, full, original);
    setBusy(true);
    try {
      if (mode === 'create') {
        if (!await confirmCreate(body)) return;
        const res = await create({
          resource: def.name, values: body, errorNotification,
          successNotification: (r) => ({ message: fillMessage(def.messages.created ?? 'Saved', { ...full, ...(r?.data ?? {}) }), type: 'success' }),
        });
        if (onDone) onDone({ ...full, ...(res?.data ?? {}) });
        else navigate(listRoute({ ...routeParams, ...full, ...(res?.data ?? {}) }));
      } else {
        if (Object.keys(body).length === 0) {
          setNotice('Nothing has changed.');
          return;
        }
        await update({
          resource: def.name, id: record!.id, values: body, mutationMode: 'pessimistic', errorNotification,
          successNotification: () => ({ message: fillMessage(def.messages.updated ?? 'Saved', { ...record, ...full }), type: 'success' }),
        });
        if (onDone) onDone({ ...record, ...full });
        else navigate(listRoute({ ...record, ...full, ...routeParams }));
      }
    } catch {
      // The notification provider has shown the server's message; the form stays for a retry.
    } finally {
      setBusy(false);
    }
  };

  const title = `${mode === 'create' ? 'Add' : 'Edit'} ${def.singular ?? def.label}`;
  const body = (
    <>
      {notice && <Alert type="info" message={notice} showIcon closable onClose={() => setNotice(null)} style={{ marginBottom: 16 }} />}
      <Form
        ref={formRef}
        schema={schema}
        uiSchema={uiSchema}
        formData={pick(data, visible)}
        validator={validator}
        widgets={WIDGETS}
        fields={FIELDS}
        formContext={formContext}
        transformErrors={placeCustomErrors}
        showErrorList={false}
        noHtml5Validate
        disabled={busy}
        onChange={onChange}
        onSubmit={onSubmit}
        idPrefix={def.name}
      />
    </>
  );
  return onDone ? body : <Card title={title} style={{ maxWidth: 760 }}>{body}</Card>;
}
