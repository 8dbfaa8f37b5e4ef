/**
 * Hand-built forms take their checks and messages from the declared schema (payloadRules), so
 * the browser refuses what the server refuses, in the server's words.
 */
import { describe, expect, it } from 'vitest';
import type { FormRule } from 'antd';
import Schema from '@rc-component/async-validator';
import dayjs from 'dayjs';
import { payloadRules } from '../../src/client/framework/form/payloadRules.js';
import { resourceByName } from '../../src/shared/registry.js';
import { declaredCall } from '../../src/shared/calls.js';
import { compile, formatErrors } from '../../src/server/framework/validation.js';

const students = resourceByName('students').schema;

/** What the form says of a value: the first rule refusing it, checked by the engine antd's form uses. */
async function formSays(rules: FormRule[], value: unknown): Promise<string | null> {
  for (const rule of rules) {
    try {
      await new Schema({ field: rule as any }).validate({ field: value });
    } catch (e) {
      return (e as { errors: Array<{ message: string }> }).errors[0]!.message;
    }
  }
  return null;
}

/** What the server says of the same value in the same field. */
function serverSays(schema: any, field: string, value: unknown): string[] {
  const v = compile(schema);
  return v({ [field]: value }) ? [] : formatErrors(schema, v.errors ?? []);
}

describe('payload rules', () => {
  it("say the schema's own messages: required, pattern, length", async () => {
    const rules = (k: string) => payloadRules(students, k);
    expect(await formSays(rules('fullname'), '  ')).toBe('Please enter student name');
    expect(await formSays(rules('mobile'), '12345')).toBe('Enter valid mobile number');
    expect(await formSays(rules('mobile'), '9876543210')).toBeNull();
    expect(await formSays(rules('aadhar_no'), '1234')).toBe('Aadhaar number is 12 digits');
    expect(await formSays(rules('usn'), 'x'.repeat(31))).toBe('SATS/USN must be at most 30 characters');
    for (const [field, value] of [['mobile', '12345'], ['aadhar_no', '1234'], ['usn', 'x'.repeat(31)]] as const) {
      expect(serverSays(students, field, value)).toContain(await formSays(rules(field), value));
    }
  });

  it('check numbers, e-mail addresses and lists as the server does', async () => {
    const money = resourceByName('pocket-money').schema;
    expect(await formSays(payloadRules(money, 'amount'), 0)).toBe('Amount must be more than 0');
    expect(serverSays(money, 'amount', 0)).toContain('Amount must be more than 0');
    // A picked date or a chosen number is a value, not text that must not be blank.
    expect(await formSays(payloadRules(money, 'date'), dayjs())).toBeNull();
    expect(await formSays(payloadRules(money, 'date'), undefined)).toBe('Date is required');
    expect(await formSays(payloadRules(money, 'txn_type'), 1)).toBeNull();
    const user = declaredCall('students.createUser').def.payload!;
    expect(await formSays(payloadRules(user, 'email'), 'not-mail')).toBe('Invalid email address');
    const text = declaredCall('students.textMessage').def.payload!;
    expect(await formSays(payloadRules(text, 'mobile_nos'), [])).toBe('Mobile Nos is required!');
    expect(await formSays(payloadRules(text, 'mobile_nos'), ['9876543210', '123'])).toBe('Each mobile number must be 10 digits starting with 6, 7, 8 or 9: 123');
  });

  it("require what the schema requires, and nothing it does not", () => {
    expect(payloadRules(students, 'fullname').some((r) => typeof r !== 'function' && r.required)).toBe(true);
    expect(payloadRules(students, 'usn').some((r) => typeof r !== 'function' && r.required)).toBe(false);
  });
});
