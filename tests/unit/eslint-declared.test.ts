/**
 * The lint rules that keep roles, statuses and form messages in the declarations
 * (scripts/eslint/declared.js): each refuses the hand-written literal and allows the named value.
 */
import { afterAll, describe, it } from 'vitest';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import declared from '../../scripts/eslint/declared.js';

// RuleTester reports each case through the test runner's own describe and it.
Object.assign(RuleTester, { afterAll, describe, it, itOnly: it.only });

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser as any, parserOptions: { ecmaFeatures: { jsx: true } } },
});

tester.run('no-literal-codes', declared.rules!['no-literal-codes']!, {
  valid: [
    'if (user.role === ROLE_IDS.admin) go();',
    'const on = years.find((y) => Number(y.status) === ACYEAR_STATUS.ENABLED);',
    // An error's HTTP status is its number.
    'if (e instanceof AppError && e.status === 400) keep(e);',
    'if (count === 1) one();',
    'const on = years.find((y) => sameValue(y.status, ACYEAR_STATUS.ENABLED));',
    "db.selectFrom('student_year').where('sy.status', '<>', STUDENT_YEAR_STATUS.SHUFFLED).where('sy.class_id', '=', 4);",
    'switch (kind) { case 1: break; }',
  ],
  invalid: [
    { code: 'if (user.role === 3) go();', errors: [{ messageId: 'compared' }] },
    { code: 'if (4 !== role) stop();', errors: [{ messageId: 'compared' }] },
    { code: 'const on = years.find((y) => Number(y.status) === 1);', errors: [{ messageId: 'compared' }] },
    { code: 'if (app?.payment_status == -1) ask();', errors: [{ messageId: 'compared' }] },
    { code: 'const on = years.find((y) => sameValue(y.status, 1));', errors: [{ messageId: 'compared' }] },
    { code: "db.selectFrom('student_year').where('sy.status', '<>', 4);", errors: [{ messageId: 'compared' }] },
    { code: "db.selectFrom('user').where('role', 'in', [3, 4]);", errors: [{ messageId: 'compared' }] },
    { code: 'switch (ctx.user.role) { case 1: break; case ROLE_IDS.teacher: break; }', errors: [{ messageId: 'compared' }] },
  ],
});

tester.run('no-literal-rule-message', declared.rules!['no-literal-rule-message']!, {
  valid: [
    '<Form.Item name="date" rules={payloadRules(schema, "date")} />',
    '<Form.Item name="date" rules={[{ required: true, message: schema.errorMessage.required.date }]} />',
    '<Form.Item name="code" rules={[...rules("code"), paiseRule]} />',
  ],
  invalid: [
    { code: '<Form.Item name="date" rules={[{ required: true, message: "Date is required!" }]} />', errors: [{ messageId: 'literal' }] },
    { code: '<DateItem name="d" rules={[{ required: true }, { type: "number", min: 0, message: `At least ${0}` }]} />', errors: [{ messageId: 'literal' }] },
  ],
});
