/**
 * Rules for a hand-built antd form from the JSON Schema its call or resource declares:
 * required, length, pattern, e-mail and number limits, each with the message the server gives
 * (the schema's own `errorMessage`, else the shared wording), so the form refuses what the
 * server would, in the same words, without writing them again.
 */
import type { FormRule } from 'antd';
import type { JsonSchema } from '../../../shared/resource.js';
import { keywordMessage } from '../../../shared/schema.js';

const reject = (message: string) => Promise.reject(new Error(message));

/**
 * The required rule alone, for a field a screen asks for though its payload may leave it out (a
 * day the server would default): the schema's required message, else the shared wording of its title.
 */
export function requiredRule(schema: JsonSchema, field: string): FormRule {
  const title: string = schema.properties?.[field]?.title ?? field;
  return { required: true, message: schema.errorMessage?.required?.[field] ?? keywordMessage('required', title, {}) };
}

export function payloadRules(schema: JsonSchema, field: string): FormRule[] {
  const prop: JsonSchema = schema.properties?.[field] ?? {};
  const title: string = prop.title ?? field;
  // ajv-errors: one text for the field (a string, or the parent's `properties`), or one per keyword.
  const whole: string | undefined = typeof prop.errorMessage === 'string' ? prop.errorMessage : schema.errorMessage?.properties?.[field];
  const say = (keyword: string, params: Record<string, unknown> = {}): string =>
    (typeof prop.errorMessage === 'object' ? prop.errorMessage[keyword] : undefined) ?? whole ?? keywordMessage(keyword, title, params);
  const types: string[] = [].concat(prop.type ?? []);
  const text = types.includes('string');
  const list = types.includes('array');
  const rules: FormRule[] = [];
  if ((schema.required ?? []).includes(field)) {
    // Blank text counts as missing; a date's picker holds no text (an extra key would make antd check for a string).
    const blank = text && !prop.format ? { whitespace: true } : list ? { type: 'array' as const } : {};
    rules.push({ ...requiredRule(schema, field), ...blank });
  }
  if (list && prop.minItems) rules.push({ type: 'array', min: prop.minItems, message: say('minItems', { limit: prop.minItems }) });
  if (list && prop.maxItems) rules.push({ type: 'array', max: prop.maxItems, message: say('maxItems', { limit: prop.maxItems }) });
  if (list && prop.items?.pattern) {
    // Each entry checked as the server checks it; the message names the entries refused.
    const item = new RegExp(prop.items.pattern);
    const message: string = typeof prop.items.errorMessage === 'string' ? prop.items.errorMessage : prop.items.errorMessage?.pattern ?? keywordMessage('pattern', prop.items.title ?? title, {});
    rules.push({
      validator: (_, v: unknown) => {
        const bad = (Array.isArray(v) ? v : []).filter((x) => !item.test(String(x)));
        return bad.length ? reject(`${message}: ${bad.join(', ')}`) : Promise.resolve();
      },
    });
  }
  if (text && prop.minLength > 1) rules.push({ min: prop.minLength, message: say('minLength', { limit: prop.minLength }) });
  if (text && prop.maxLength) rules.push({ max: prop.maxLength, message: say('maxLength', { limit: prop.maxLength }) });
  if (text && prop.pattern) rules.push({ pattern: new RegExp(prop.pattern), message: say('pattern') });
  if (prop.format === 'email') rules.push({ type: 'email', message: say('format', { format: 'email' }) });
  if (prop.minimum !== undefined || prop.maximum !== undefined || prop.exclusiveMinimum !== undefined) {
    rules.push({
      validator: (_, v) => {
        if (v === undefined || v === null || v === '') return Promise.resolve();
        const n = Number(v);
        if (prop.exclusiveMinimum !== undefined && !(n > prop.exclusiveMinimum)) return reject(say('exclusiveMinimum', { limit: prop.exclusiveMinimum }));
        if (prop.minimum !== undefined && !(n >= prop.minimum)) return reject(say('minimum', { limit: prop.minimum }));
        if (prop.maximum !== undefined && !(n <= prop.maximum)) return reject(say('maximum', { limit: prop.maximum }));
        return Promise.resolve();
      },
    });
  }
  return rules;
}
