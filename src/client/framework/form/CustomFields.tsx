/**
 * A school's custom fields (config/schools/<CODE>.json) and its hidden, required and retitled
 * fields, for hand-written antd forms (the add-student wizard). Generated forms get them from
 * the configured schema already; these helpers read the same configured declaration.
 */
import { Checkbox, Col, Form, Input, InputNumber, Select } from 'antd';
import type { JsonSchema, ResourceDef } from '../../../shared/resource.js';
import { payloadRules } from './payloadRules.js';
import { DateItem } from '../DateInput.js';

const typeOf = (p: JsonSchema): string => ([] as string[]).concat(p.type ?? 'string').find((t) => t !== 'null') ?? 'string';

/** What a hand-written form asks of a configured resource's field. */
export function fieldConfig(def: ResourceDef) {
  const props: Record<string, JsonSchema> = def.schema.properties ?? {};
  const ui: Record<string, any> = def.form?.uiSchema ?? {};
  return {
    title: (k: string, fallback: string) => props[k]?.title ?? fallback,
    hidden: (k: string) => ui[k]?.['ui:widget'] === 'hidden',
    /** The field's checks and messages as the server makes them (required by the school's configuration too). */
    rules: (k: string) => payloadRules(def.schema, k),
    /** The choices a field's schema allows (`oneOf` with titles), as select or radio options. */
    options: (k: string) => oneOfOptions(props[k]),
    custom: (def.customFields ?? []).map((k) => ({ key: k, prop: props[k]! })).filter((c) => c.prop),
  };
}

const oneOfOptions = (prop: JsonSchema | undefined): Array<{ value: string | number; label: string }> =>
  (prop?.oneOf ?? []).map((o: JsonSchema) => ({ value: o.const, label: o.title ?? String(o.const) }));

/** The custom fields of a resource as antd form items, named ['custom', key]. */
export function CustomFieldItems({ def, span = 12 }: { def: ResourceDef; span?: number }) {
  const f = fieldConfig(def);
  return (
    <>
      {f.custom.filter((c) => !f.hidden(c.key)).map(({ key, prop }) => {
        const rules = f.rules(key);
        const t = typeOf(prop);
        const name = ['custom', key];
        let input;
        let extra: Record<string, unknown> = {};
        if (prop.oneOf) input = <Select allowClear options={oneOfOptions(prop)} placeholder={`Select ${prop.title}`} />;
        else if (t === 'boolean') { input = <Checkbox>{prop.title}</Checkbox>; extra = { valuePropName: 'checked' }; }
        else if (t === 'integer' || t === 'number') input = <InputNumber min={prop.minimum} max={prop.maximum} precision={t === 'integer' ? 0 : undefined} style={{ width: '100%' }} />;
        else if (prop.format === 'date') {
          return (
            <Col xs={24} md={span} key={key}><DateItem label={prop.title} name={name} rules={rules} wire /></Col>
          );
        } else if ((def.form?.uiSchema?.[key] ?? {})['ui:widget'] === 'textarea') input = <Input.TextArea rows={2} maxLength={prop.maxLength} />;
        else input = <Input maxLength={prop.maxLength} />;
        return (
          <Col xs={24} md={span} key={key}>
            <Form.Item label={t === 'boolean' ? undefined : prop.title} name={name} rules={rules} {...extra}>{input}</Form.Item>
          </Col>
        );
      })}
    </>
  );
}

/** The custom values a form gathered, as payload fields (empty ones left out). */
export function customValues(def: ResourceDef, values: Record<string, unknown> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of def.customFields ?? []) {
    const v = values?.[k];
    if (v !== undefined && v !== null && v !== '') out[k] = typeof v === 'string' ? v.trim() : v;
  }
  return out;
}
