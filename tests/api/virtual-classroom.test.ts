/**
 * The virtual classroom (spec 4 §2.2, §3, §4, §5, §7, §8): staff create a class; a teacher sets
 * the access list ('Access List Updated'); the class's teacher starts (only at 0), continues
 * (RESTART) and ends it (only at 1) over `vc_room`, others get 'Invalid Teacher'; students on
 * the access list join from five minutes before the start and the teacher's offer, answer and
 * ICE candidates reach them through the server; questions and replies ('Reply is empty');
 * the recording uploaded in parts, resumed, attached ('Video Uploaded'), allowed to stream by an
 * admin only ('Now students can stream this class') and played back with Range requests; the
 * attendance report from presence. Another family reaches none of it.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestSchool, PASSWORD, schoolDb, type TestApp, type TestSchool } from '../support/app.js';
import { admitStudent } from '../support/admit.js';
import { createRecord } from '../support/samples.js';
import { connectSocket, type TestSocket } from '../support/sockets.js';

let t: TestApp;
let s: TestSchool;
let base: string;
let admin: string;
let teacher: string;
let otherTeacher: string;
let teacherId: number;
let year: number;
let classA: number;
let classB: number;
let mathsA: number;
let mathsB: number;
let parentA: string;
let parentB: string;
let childA: number;
let childA2: number;
let childB: number;
const open: TestSocket[] = [];

const call = (c: string, body?: unknown, token = admin) => t.call(s.code, c, body, token);
const HOUR = 3_600_000;

async function teacherLogin(name: string, email: string, mobile: string) {
  const made = await call('PUT /teachers/', { fullname: name, email, mobile, password: PASSWORD });
  expect(made.body.success, made.body.error ?? '').toBe(true);
  return { id: made.body.data.id as number, token: (await call('POST /login/', { email, password: PASSWORD }, '')).body.data.token as string };
}

async function family(name: string, classes: number[]) {
  const email = `${name.toLowerCase()}@${s.code.toLowerCase()}.test`;
  const { user_id } = (await call('PUT /user/', { name, email, password: PASSWORD, role: 1 })).body.data;
  const children: number[] = [];
  for (const [i, classId] of classes.entries()) {
    const child = await admitStudent(t, s, admin, { ac_year_id: year, class_id: classId, fullname: `${name} Child ${i + 1}`, roll_no: i + 1 }, `${name.slice(0, 2)}${i}`);
    expect((await call('POST /user/link/student/', { student_id: child.id, user_id })).body.success).toBe(true);
    children.push(child.id);
  }
  return { token: (await call('POST /login/', { email, password: PASSWORD }, '')).body.data.token as string, children };
}

const newClass = async (over: Record<string, unknown> = {}, token = admin) => call('PUT /virtual-class/', {
  name: 'Fractions', ac_year_id: year, class_id: classA, subject_id: mathsA, teacher_id: teacherId, description: 'Bring a notebook',
  start_time: new Date(Date.now() + 2 * 60_000).toISOString(), end_time: new Date(Date.now() + HOUR).toISOString(), class_type: 'live', ...over,
}, token);

const socketFor = async (token: string) => {
  const sock = await connectSocket(base, s.code, { token });
  open.push(sock);
  return sock;
};
/** The next `vc_room` event of a type, past the others (a room's own pushes arrive in between). */
async function nextOf(sock: TestSocket, type: string) {
  for (;;) {
    const e = await sock.next('vc_room');
    if (e.type === type) return e;
  }
}
const room = (sock: TestSocket, payload: Record<string, unknown>) =>
  sock.socket.timeout(5000).emitWithAck('vc_room', payload) as Promise<{ success: boolean; data?: any; error?: string }>;

beforeAll(async () => {
  ({ t, s } = await openTestSchool());
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = s.tokens['4']!;
  year = (await createRecord(t, s, 'acyears', { name: '2026-27' })).id;
  classA = (await createRecord(t, s, 'classes', { class: '8', section: 'A', class_teacher_id: null })).id;
  classB = (await createRecord(t, s, 'classes', { class: '8', section: 'B', class_teacher_id: null })).id;
  mathsA = (await createRecord(t, s, 'subjects', { class_id: classA, name: 'Mathematics', code: 'MA8A', subject_teacher_id: null })).id;
  mathsB = (await createRecord(t, s, 'subjects', { class_id: classB, name: 'Mathematics', code: 'MA8B', subject_teacher_id: null })).id;
  ({ id: teacherId, token: teacher } = await teacherLogin('Class Teacher', 'vc-teacher@vc.test', '9876500021'));
  ({ token: otherTeacher } = await teacherLogin('Other Teacher', 'vc-other@vc.test', '9876500022'));
  ({ token: parentA, children: [childA, childA2] } = await family('Ravi', [classA, classA]) as { token: string; children: [number, number] });
  ({ token: parentB, children: [childB] } = await family('Mohan', [classB]) as { token: string; children: [number] });
});
afterAll(async () => {
  for (const o of open) o.close();
  await t?.close();
});

describe('creating a class and its access list', () => {
  it('creates a class not yet started, with a room name; checks the times and the subject', async () => {
    const res = await newClass();
    expect([res.status, res.body.message]).toEqual([200, 'Virtual Class Created']);
    const one = await call(`GET /virtual-class/${res.body.data.id}/`);
    expect(one.body.data).toMatchObject({ name: 'Fractions', status: 0, class: '8', section: 'A', subject: 'Mathematics', teacher: 'Class Teacher', video: null });
    expect(one.body.data.extras.jitsi_meeting_id).toMatch(new RegExp(`^${s.code}-class-`));
    expect(one.body.data.setup).toEqual({ provider: 'webrtc', ice_servers: [] });
    expect((await newClass({ end_time: new Date(Date.now() - HOUR).toISOString() })).body.error).toBe('End Time must be after Start Time');
    expect((await newClass({ subject_id: mathsB })).body.error).toBe('The subject is not a subject of this class');
    expect((await newClass({ name: undefined })).body.error).toBe('Name is required');
    // Families and other roles create nothing.
    expect((await newClass({}, parentA)).status).toBe(403);
    expect((await newClass({}, s.tokens['5']!)).status).toBe(403);
  });

  it("lists a class's students with their status and saves it: 'Access List Updated'", async () => {
    const before = await call(`GET /settings/student/modules/virtual_classroom/${classA}/${year}/`, undefined, teacher);
    expect(before.body.data.map((r: any) => [r.student_id, r.module_status, r.module_name])).toEqual(
      expect.arrayContaining([[childA, false, 'virtual_classroom'], [childA2, false, 'virtual_classroom']]));
    const saved = await call(`POST /settings/student/modules/${classA}/`, { students: [{ student_id: childA, module_status: true }, { student_id: childA2, module_status: false }] }, teacher);
    expect([saved.status, saved.body.message]).toEqual([200, 'Access List Updated']);
    const after = await call(`GET /settings/student/modules/virtual_classroom/${classA}/${year}/`, undefined, teacher);
    expect(after.body.data.find((r: any) => r.student_id === childA).module_status).toBe(true);
    // A student of another class is refused, and nothing changes.
    expect((await call(`POST /settings/student/modules/${classA}/`, { students: [{ student_id: childB, module_status: true }] }, teacher)).body.error).toBe('A student is not of this class');
    expect((await call(`POST /settings/student/modules/${classB}/`, { students: [{ student_id: childB, module_status: true }] }, parentB)).status).toBe(403);
    expect((await call(`GET /settings/student/modules/virtual_classroom/${classA}/${year}/`, undefined, parentA)).status).toBe(403);
    expect((await call(`POST /settings/student/modules/${classB}/`, { students: [{ student_id: childB, module_status: true }] }, teacher)).body.success).toBe(true);
  });

  it("lists a child's classes for the family, only while the child is on the access list; another family's child is unreachable", async () => {
    const mine = await call(`GET /virtual-class/student/${childA}/`, undefined, parentA);
    expect(mine.body.data.access).toBe(true);
    expect(mine.body.data.classes.map((c: any) => c.name)).toContain('Fractions');
    expect((await call(`GET /virtual-class/student/${childA2}/`, undefined, parentA)).body.data).toEqual({ access: false, classes: [] });
    expect((await call(`GET /virtual-class/student/${childA}/`, undefined, parentB)).status).toBe(404);
    const id = mine.body.data.classes[0].id;
    expect((await call(`GET /virtual-class/${id}/`, undefined, parentB)).status).toBe(404);
    const details = await call(`GET /virtual-class/${id}/`, undefined, parentA);
    expect(details.body.data.children).toEqual(expect.arrayContaining([{ id: childA, fullname: 'Ravi Child 1', access: true }, { id: childA2, fullname: 'Ravi Child 2', access: false }]));
  });
});

describe('the room: start, signalling and end over vc_room', () => {
  let id: number;
  let tSock: TestSocket;
  let aSock: TestSocket;

  beforeAll(async () => {
    id = (await newClass({ name: 'Live room' })).body.data.id;
    tSock = await socketFor(teacher);
    aSock = await socketFor(parentA);
  });

  it("answers 'Invalid Teacher' to a teacher not of the class, and refuses children not of it or not on the list", async () => {
    const other = await socketFor(otherTeacher);
    expect((await room(other, { type: 'join', vc_class: id })).error).toBe('Invalid Teacher');
    expect((await room(other, { type: 'session', vc_class: id, status: 'START' })).error).toBe('Invalid Teacher');
    const b = await socketFor(parentB);
    expect((await room(b, { type: 'join', vc_class: id, student_id: childB })).error).toBe('Not your class');
    expect((await room(b, { type: 'join', vc_class: id, student_id: childA })).error).toBe('Not your class');
    expect((await room(aSock, { type: 'join', vc_class: id, student_id: childA2 })).error).toBe("You are not on this class's access list");
    // The class's teacher cannot END a class that is not live.
    expect((await room(tSock, { type: 'session', vc_class: id, status: 'END' })).error).toBe('Class can be ended only when it is live');
  });

  it('lets a student in from five minutes before the start, not earlier', async () => {
    const later = (await newClass({ name: 'Later', start_time: new Date(Date.now() + 2 * HOUR).toISOString(), end_time: new Date(Date.now() + 3 * HOUR).toISOString() })).body.data.id;
    expect((await room(aSock, { type: 'join', vc_class: later, student_id: childA })).error).toBe('Class not yet started');
  });

  it('starts only at 0, tells the room START, relays the offer and answer between teacher and student, and ends only at 1', async () => {
    const tj = await room(tSock, { type: 'join', vc_class: id });
    expect(tj.data).toMatchObject({ is_teacher: true, status: 0 });
    expect(tj.data.students.find((x: any) => x.id === childA)).toMatchObject({ status: 0, sid: null });
    const aj = await room(aSock, { type: 'join', vc_class: id, student_id: childA });
    expect(aj.success).toBe(true);
    expect(aj.data.teacher_sid).toBe(tSock.socket.id);
    const joined = await nextOf(tSock, 'join');
    expect(joined).toMatchObject({ type: 'join', sid: aSock.socket.id, student: { id: childA, name: 'Ravi Child 1' } });
    const listed = await nextOf(tSock, 'students');
    expect(listed.students.find((x: any) => x.id === childA)).toMatchObject({ status: 1, sid: aSock.socket.id });

    const started = await room(tSock, { type: 'session', vc_class: id, status: 'START' });
    expect(started.data).toMatchObject({ status: 'START', class_status: 1, viewers: [{ sid: aSock.socket.id, student_id: childA }] });
    const heard = await nextOf(aSock, 'session');
    expect(heard).toMatchObject({ type: 'session', status: 'START', vc_class: id, teacher_sid: tSock.socket.id });
    expect((await call(`GET /virtual-class/${id}/`)).body.data).toMatchObject({ status: 1, active_students: 1 });
    expect((await call(`GET /virtual-class/${id}/`)).body.data.actual_start_time).toBeTruthy();

    // Continue: START while live restarts the students' streams.
    expect((await room(tSock, { type: 'session', vc_class: id, status: 'START' })).data.status).toBe('RESTART');

    // Signalling: the teacher's offer reaches the student, the answer comes back; media never passes here.
    expect((await room(tSock, { type: 'signal', vc_class: id, sid: aSock.socket.id, data: { type: 'offer', sdp: 'v=0 offer' } })).success).toBe(true);
    const got = await nextOf(aSock, 'signal');
    expect(got).toEqual({ type: 'signal', vc_class: id, sid: tSock.socket.id, data: { type: 'offer', sdp: 'v=0 offer' } });
    expect((await room(aSock, { type: 'signal', vc_class: id, sid: tSock.socket.id, data: { type: 'answer', sdp: 'v=0 answer' } })).success).toBe(true);
    const back = await nextOf(tSock, 'signal');
    expect(back).toMatchObject({ sid: aSock.socket.id, data: { type: 'answer' } });
    // A star: students do not signal each other; nobody signals a socket outside the room.
    const outsider = await socketFor(parentB);
    expect((await room(aSock, { type: 'signal', vc_class: id, sid: outsider.socket.id, data: { candidate: 'x' } })).error).toBe('That person is not in this class');
    expect((await room(outsider, { type: 'signal', vc_class: id, sid: tSock.socket.id, data: { candidate: 'x' } })).error).toBe('Join the class first');

    expect((await room(tSock, { type: 'session', vc_class: id, status: 'END' })).data).toMatchObject({ status: 'END', class_status: 2 });
    const ended = await nextOf(aSock, 'session');
    expect(ended).toMatchObject({ status: 'END' });
    expect((await room(tSock, { type: 'session', vc_class: id, status: 'END' })).error).toBe('Class can be ended only when it is live');
    expect((await room(tSock, { type: 'session', vc_class: id, status: 'START' })).error).toBe('Class can be started only when it is not yet started');
    expect((await call(`GET /virtual-class/${id}/`)).body.data.status).toBe(2);
  });

  it("reports the student's time in the room as attendance once they leave", async () => {
    await room(aSock, { type: 'leave', vc_class: id });
    const report = await call(`GET /virtual-class/${id}/attendance/`, undefined, teacher);
    expect(report.body.data.students.find((r: any) => r.student_id === childA)).toMatchObject({ present: true, minutes: 0 });
    expect(report.body.data.students.find((r: any) => r.student_id === childA).last_leave).toBeTruthy();
    expect((await call(`GET /virtual-class/${id}/attendance/`, undefined, parentA)).status).toBe(403);
  });

  it('cancels a class not yet started, and no other', async () => {
    const c = (await newClass({ name: 'Called off' })).body.data.id;
    expect((await call(`POST /virtual-class/${c}/cancel/`, undefined, otherTeacher)).body.error).toBe('Invalid Teacher');
    expect((await call(`POST /virtual-class/${c}/cancel/`, undefined, teacher)).body.message).toBe('Class Cancelled');
    expect((await call(`POST /virtual-class/${id}/cancel/`, undefined, teacher)).body.error).toBe('Only a class not yet started can be cancelled');
  });
});

describe('questions and replies', () => {
  let id: number;
  let qid: number;

  beforeAll(async () => { id = (await newClass({ name: 'Questions class' })).body.data.id; });

  it("asks a question for the family's own child: 'New Question Asked'; the teacher's room hears it", async () => {
    const tSock = await socketFor(teacher);
    expect((await room(tSock, { type: 'join', vc_class: id })).success).toBe(true);
    const res = await call(`PUT /virtual-class/${id}/questions/`, { question: 'Why is 1/2 bigger than 1/3?', description: null, vc_class_id: id, student_id: childA }, parentA);
    expect([res.status, res.body.message]).toEqual([200, 'New Question Asked']);
    qid = res.body.data.id;
    const heard = await nextOf(tSock, 'question');
    expect(heard.question).toMatchObject({ id: qid, question: 'Why is 1/2 bigger than 1/3?', name: 'Ravi Child 1' });
    expect((await call(`PUT /virtual-class/${id}/questions/`, { question: '   ', student_id: childA }, parentA)).body.error).toBe('Question is required');
    expect((await call(`PUT /virtual-class/${id}/questions/`, { question: 'Mine?', student_id: childA2 }, parentA)).body.error).toBe("You are not on this class's access list");
    expect((await call(`PUT /virtual-class/${id}/questions/`, { question: 'Theirs?', student_id: childA }, parentB)).status).toBe(404);
  });

  it("answers ('Question Answered') and replies ('Answer Replied'); refuses an empty reply ('Reply is empty')", async () => {
    const answered = await call('POST /virtual-class/question/reply/', { answer: 'Because halves are bigger pieces.', question_id: qid, student_id: null, parent_answer_id: null }, teacher);
    expect(answered.body.message).toBe('Question Answered');
    const replied = await call('POST /virtual-class/question/reply/', { answer: 'Thank you!', question_id: qid, student_id: childA, parent_answer_id: answered.body.data.id }, parentA);
    expect(replied.body.message).toBe('Answer Replied');
    expect((await call('POST /virtual-class/question/reply/', { answer: '', question_id: qid, parent_answer_id: answered.body.data.id }, parentA)).body.error).toBe('Reply is empty');
    expect((await call('POST /virtual-class/question/reply/', { answer: '  ', question_id: qid }, teacher)).body.error).toBe('Reply is empty');
    // Another family neither reads nor replies to it; an admin without a teacher profile cannot answer.
    expect((await call('POST /virtual-class/question/reply/', { answer: 'Me too', question_id: qid, parent_answer_id: answered.body.data.id }, parentB)).status).toBe(404);
    expect((await call('POST /virtual-class/question/reply/', { answer: 'Admin here', question_id: qid }, admin)).body.error).toBe('Marking and replying need a teacher profile');
    const one = await call(`GET /virtual-class/${id}/question/${qid}/`, undefined, parentA);
    expect(one.body.data.answers).toEqual([expect.objectContaining({ answer: 'Because halves are bigger pieces.', teacher_name: 'Class Teacher', replies: [expect.objectContaining({ answer: 'Thank you!', student_name: 'Ravi Child 1' })] })]);
    expect((await call(`GET /virtual-class/${id}/question/${qid}/`, undefined, parentB)).status).toBe(404);
    expect((await call(`GET /virtual-class/${id}/questions/`, undefined, teacher)).body.data).toEqual([expect.objectContaining({ id: qid, answers: 2, student_name: 'Ravi Child 1' })]);
    expect((await call(`GET /virtual-class/${id}/questions/`, undefined, parentB)).body.data).toEqual([]);
  });
});

describe('the recording: upload in parts, resume, attach, allow streaming, play back', () => {
  let id: number;
  const VIDEO = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(3000, 7)]);

  const put = (url: string, bytes: Buffer, range: string) => t.app.inject({ method: 'PUT', url, payload: bytes, headers: { 'content-type': 'video/webm', 'content-range': range } });

  beforeAll(async () => {
    id = (await newClass({ name: 'Recorded' })).body.data.id;
    await schoolDb(t, s).updateTable('vc_class').set({ status: 2 }).where('id', '=', id).execute();
  });

  it('gives an upload address only for an ended class, to its teachers and admins', async () => {
    const live = (await newClass({ name: 'Not ended' })).body.data.id;
    expect((await call('PUT /upload/', { name: 'class.webm', content_type: 'video/webm', size: VIDEO.length, vc_class_id: live }, teacher)).body.error).toBe('A video can be uploaded once the class has ended');
    expect((await call('PUT /upload/', { name: 'class.webm', content_type: 'video/webm', size: VIDEO.length, vc_class_id: id }, otherTeacher)).body.error).toBe('Invalid Teacher');
    expect((await call('PUT /upload/', { name: 'class.exe', content_type: 'video/webm', size: VIDEO.length, vc_class_id: id }, teacher)).body.error).toBe('Only mp4, webm, mkv and avi videos');
    expect((await call('PUT /upload/', { name: 'class.webm', content_type: 'video/webm', size: VIDEO.length, vc_class_id: id }, parentA)).status).toBe(403);
  });

  it("takes the bytes in parts, resumes after a drop, attaches the video ('Video Uploaded') and serves Range requests", async () => {
    const ticket = await call('PUT /upload/', { name: 'class.webm', content_type: 'video/webm', size: VIDEO.length, vc_class_id: id }, teacher);
    const url: string = ticket.body.data.url;
    expect(url).toMatch(new RegExp(`^/api/${s.code}/vc-upload/[A-Za-z0-9_-]{32}$`));
    // Not complete yet: attaching is refused.
    const first = await put(url, VIDEO.subarray(0, 1000), `bytes 0-999/${VIDEO.length}`);
    expect(first.json().data).toEqual({ received: 1000, size: VIDEO.length, complete: false });
    expect((await call(`POST /virtual-classroom/${id}/`, { type: 'upload', data: { upload_id: url.split('/').pop() } }, teacher)).body.error).toBe('The video has not been uploaded completely');
    // A part sent again after a drop is refused with where to go on from.
    const again = await put(url, VIDEO.subarray(0, 1000), `bytes 0-999/${VIDEO.length}`);
    expect([again.statusCode, again.json().data.received]).toEqual([409, 1000]);
    expect((await t.app.inject({ method: 'GET', url })).json().data).toEqual({ received: 1000, size: VIDEO.length, complete: false });
    const rest = await put(url, VIDEO.subarray(1000), `bytes 1000-${VIDEO.length - 1}/${VIDEO.length}`);
    expect(rest.json().data.complete).toBe(true);

    const attached = await call(`POST /virtual-classroom/${id}/`, { type: 'upload', data: { upload_id: url.split('/').pop(), name: 'class.webm', content_type: 'video/webm', size: VIDEO.length } }, teacher);
    expect(attached.body.message).toBe('Video Uploaded');
    const video = await call(`GET /virtual-classroom/video/${id}/`, undefined, teacher);
    const whole = await t.app.inject({ method: 'GET', url: video.body.data.url });
    expect([whole.statusCode, whole.headers['content-type'], whole.rawPayload.equals(VIDEO)]).toEqual([200, 'video/webm', true]);
    const part = await t.app.inject({ method: 'GET', url: video.body.data.url, headers: { range: 'bytes=990-1009' } });
    expect([part.statusCode, part.headers['content-range'], part.rawPayload.equals(VIDEO.subarray(990, 1010))]).toEqual([206, `bytes 990-1009/${VIDEO.length}`, true]);
  });

  it("lets only admins allow streaming ('Now students can stream this class'); families then play it, another family never", async () => {
    expect((await call(`GET /virtual-classroom/video/${id}/${childA}/`, undefined, parentA)).body.error).toBe('The recording is not open to students yet');
    expect((await call(`POST /virtual-classroom/${id}/`, { type: 'approve' }, teacher)).body.error).toBe('Only admins can allow streaming');
    const approved = await call(`POST /virtual-classroom/${id}/`, { type: 'approve' }, s.tokens['3']);
    expect(approved.body.message).toBe('Now students can stream this class');
    expect((await call(`POST /virtual-classroom/${id}/`, { type: 'approve' })).body.error).toBe('Streaming can be allowed only for an ended class with a video');
    const url = (await call(`GET /virtual-classroom/video/${id}/${childA}/`, undefined, parentA)).body.data.url;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect((await call(`GET /virtual-classroom/video/${id}/${childA2}/`, undefined, parentA)).body.error).toBe("You are not on this class's access list");
    expect((await call(`GET /virtual-classroom/video/${id}/${childA}/`, undefined, parentB)).status).toBe(404);
    expect((await call(`GET /virtual-classroom/video/${id}/${childB}/`, undefined, parentB)).status).toBe(404);
    expect((await call(`GET /virtual-classroom/video/${id}/`, undefined, parentA)).status).toBe(403);
  });
});

describe('the school chooses the video provider', () => {
  it('hands the configured STUN/TURN servers, with a coturn credential made from TURN_SECRET', async () => {
    const { turnCredential } = await import('../../src/server/platform/video.js');
    const c = turnCredential('s3cret', 42, 1_000_000_000);
    expect(c.username).toBe(`${1_000_000 + 6 * 3600}:42`);
    expect(c.credential).toBe((await import('node:crypto')).createHmac('sha1', 's3cret').update(c.username).digest('base64'));
  });
});
