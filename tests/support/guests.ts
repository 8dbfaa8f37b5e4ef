import type { TestApp, TestSchool } from './app.js';

/**
 * A valid guest pass of a kind (src/server/framework/guests.ts), as the public pages get one:
 * for 'admission', the school's admissions opened by its super admin, then a pass from the
 * share link's code and token.
 */
export async function guestPass(t: TestApp, s: TestSchool, kind: string, classes = ['1', '2']): Promise<string> {
  if (kind !== 'admission') throw new Error(`No way to make a ${kind} guest pass in tests`);
  const admin = s.tokens['4']!;
  const saved = await t.call(s.code, 'POST /settings/admissions/', { adm_enabled: '1', adm_classes_list: classes, adm_application_fees: 250 }, admin);
  if (!saved.body.success) throw new Error(`admission settings: ${saved.body.error}`);
  const token = saved.body.data.adm_application_token as string;
  const pass = await t.call(s.code, `GET /guest/generate-token/?sch_code=${s.code}&sch_token=${encodeURIComponent(token)}`);
  if (!pass.body.success) throw new Error(`guest pass: ${pass.body.error}`);
  return pass.body.data.token as string;
}
