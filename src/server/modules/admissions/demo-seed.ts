import type { Ctx } from '../../framework/context.js';
import { resourceByName } from '../../../shared/registry.js';
import * as service from '../../framework/service.js';

/** Demo enquiries: parent, mobile, child, class, status, extras, and the contacts the office made (days ago, mode, summary). */
const LEADS: Array<{
  parent_name: string; mobile: string; email?: string; student_name: string; class: string; status: number;
  extras?: Record<string, string>; contacts: Array<[number, 'call' | 'message' | 'email', string, string?]>;
}> = [
  { parent_name: 'Priya Menon', mobile: '9845101010', email: 'priya.menon@example.com', student_name: 'Aditi Menon', class: 'LKG', status: 1,
    extras: { dob: '2022-03-14', gender: 'Female', referrer: 'Website' },
    contacts: [[6, 'call', 'Asked about LKG seats and fees', 'Wants a school visit on Saturday morning.'], [2, 'email', 'Sent the prospectus and fee structure']] },
  { parent_name: 'Mohammed Irfan', mobile: '9845202020', student_name: 'Ayaan Irfan', class: '1', status: 3,
    extras: { gender: 'Male', reason: 'Moving to Bengaluru in January', referrer: 'Parent of a student' },
    contacts: [[9, 'call', 'Enquired about transport from Indiranagar'], [4, 'message', 'Shared the admission test dates'], [1, 'call', 'Will send the documents next week']] },
  { parent_name: 'Sunita Reddy', mobile: '9845303030', email: 'sunita.reddy@example.com', student_name: 'Karthik Reddy', class: '5', status: 5,
    extras: { gender: 'Male', referrer: 'Newspaper advertisement' },
    contacts: [[12, 'call', 'Took the entrance test', 'Scored well in mathematics.'], [3, 'call', 'Confirmed the seat; fee payment pending']] },
  { parent_name: 'Rahul Verma', mobile: '9845404040', student_name: 'Ishaan Verma', class: '3', status: 2,
    contacts: [[15, 'call', 'Fees are above the budget', 'Asked whether a sibling discount is possible.']] },
  { parent_name: 'Anjali Nair', mobile: '9845505050', student_name: 'Meera Nair', class: '9', status: -2,
    extras: { reason: 'Chose a school closer to home' }, contacts: [[20, 'call', 'Declined the offer']] },
  { parent_name: 'Deepak Joshi', mobile: '9845606060', student_name: 'Tanvi Joshi', class: '2', status: 0, contacts: [] },
  { parent_name: 'Lakshmi Iyer', mobile: '9845707070', email: 'lakshmi.iyer@example.com', student_name: 'Rohan Iyer', class: '6', status: 4,
    contacts: [[5, 'email', 'Asked for the transfer certificate of the previous school']] },
  { parent_name: 'Harpreet Singh', mobile: '9845808080', student_name: 'Gurleen Kaur', class: 'UKG', status: 6,
    extras: { gender: 'Female' }, contacts: [[30, 'call', 'First enquiry'], [25, 'call', 'Admission done']] },
];

/**
 * Leads with their contact logs, as an office collects them over a few weeks: each made through
 * the generic service (so created and updated are the server's), then dated back to when it came.
 */
export async function seedDemoAdmissions(ctx: Ctx): Promise<void> {
  const day = 24 * 60 * 60 * 1000;
  for (const [i, l] of LEADS.entries()) {
    const { contacts, ...fields } = l;
    const lead = await service.create(ctx, resourceByName('leads'), fields);
    const came = new Date(Date.now() - (contacts[0]?.[0] ?? 1) * day - (i + 1) * 3_600_000).toISOString();
    // raw write: the demo school's past, stored as it happened (demo data)
    await ctx.db.updateTable('adm_lead').set({ created: came }).where('id', '=', lead.id).execute();
    for (const [daysAgo, mode, summary, details] of contacts) {
      await service.create(ctx, resourceByName('lead-contacts'), {
        adm_lead_id: lead.id, mode, summary, details: details ?? null, contact_time: new Date(Date.now() - daysAgo * day).toISOString(),
      });
    }
  }
}
