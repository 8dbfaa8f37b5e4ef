/**
 * The `vc_room` channel (spec 4 §7): joining and leaving a class's room, the teacher's session
 * (START, RESTART, END) and the WebRTC signalling between the teacher and each person in the
 * room. A class is a star: the teacher's browser offers its stream to each student's, and
 * students send no video; when the teacher opens Show Students, students send a small camera
 * snapshot every 2 s (spec 4 §9). Offers, answers and ICE candidates pass through here; the
 * media never does.
 */
import { defineSocketHandlers, type SocketCtx } from '../../realtime/declared.js';
import { push } from '../../realtime/hub.js';
import { items } from '../../framework/items.js';
import { hasRole } from '../../../shared/roles.js';
import { classOf, isClassTeacher, joinableNow, onAccessList, reachedStudent, shownClass, STATUS, type ClassRow } from './reach.js';
import { studentsList } from './presence.js';

interface Payload { type: 'join' | 'leave' | 'session' | 'signal' | 'students' | 'camera' | 'snapshot'; vc_class: number; student_id?: number; status?: 'START' | 'RESTART' | 'END'; sid?: string; data?: Record<string, unknown> }

const room = (id: number) => `vc:${id}`;
const teachersRoom = (id: number) => `vc:${id}:teachers`;
/** A snapshot is a small JPEG (320x240): a data URL of at most this many characters. */
const MAX_SNAPSHOT = 120_000;

/** This socket's open stay in the class, if it joined. */
const myStay = (ctx: SocketCtx, id: number) => ctx.db.selectFrom('vc_presence').select(['id', 'is_teacher', 'student_id']).where('vc_class_id', '=', id)
  .where('sid', '=', ctx.socketId).where('left_at', 'is', null).executeTakeFirst();

/** The people in the room now, but the teachers: whom a teacher's browser offers its stream to. */
async function viewers(ctx: SocketCtx, id: number) {
  return ctx.db.selectFrom('vc_presence as p').leftJoin('student as s', 's.id', 'p.student_id').leftJoin('user as u', 'u.id', 'p.user_id')
    .select(['p.sid', 'p.student_id', 's.fullname', 'u.name']).where('p.vc_class_id', '=', id).where('p.left_at', 'is', null)
    .where('p.is_teacher', '=', false).execute();
}

async function teacherSid(ctx: SocketCtx, id: number) {
  const row = await ctx.db.selectFrom('vc_presence').select('sid').where('vc_class_id', '=', id).where('left_at', 'is', null)
    .where('is_teacher', '=', true).orderBy('joined_at', 'desc').executeTakeFirst();
  return row?.sid ?? null;
}

/** Ends a stay and tells the room (the socket left or dropped). */
async function endStay(ctx: SocketCtx, v: ClassRow, stayId: number, teacher: boolean) {
  const stay = await ctx.db.selectFrom('vc_presence').select('left_at').where('id', '=', stayId).executeTakeFirst();
  if (!stay || stay.left_at) return;
  await items(ctx, 'vc-presences').update(stayId, { left_at: new Date().toISOString() });
  if (teacher) push(ctx).toRoom(room(v.id), 'vc_room', { type: 'teacher', vc_class: v.id, sid: null });
  else push(ctx).toRoom(teachersRoom(v.id), 'vc_room', { type: 'leave', vc_class: v.id, sid: ctx.socketId });
  push(ctx).toRoom(teachersRoom(v.id), 'vc_room', { type: 'students', vc_class: v.id, students: await studentsList(ctx, v) });
}

async function join(ctx: SocketCtx, p: Payload) {
  const v = await classOf(ctx, p.vc_class, () => ctx.fail('missing'));
  const teacher = isClassTeacher(ctx, v);
  let student: { id: number; fullname: string } | null = null;
  if (hasRole(ctx.user, 'family')) {
    if (!p.student_id) throw ctx.fail('notYours');
    const st = await reachedStudent(ctx, p.student_id).catch(() => { throw ctx.fail('notYours'); });
    if (st.class_id !== v.class_id) throw ctx.fail('notYours');
    if (!(await onAccessList(ctx, st.id))) throw ctx.fail('noAccess');
    if (!joinableNow(v)) throw ctx.fail(v.status === STATUS.NOT_STARTED ? 'notStarted' : 'notLive');
    student = { id: st.id, fullname: st.fullname };
  } else if (!teacher && !hasRole(ctx.user, 'admins')) {
    // Spec 4 §4: the server answers 'Invalid Teacher', shown as 'Not your class'.
    throw ctx.fail('notTeacher');
  } else if (v.status !== STATUS.NOT_STARTED && v.status !== STATUS.LIVE) {
    throw ctx.fail('notLive');
  }
  const old = await myStay(ctx, v.id);
  if (old) await endStay(ctx, v, old.id, !!old.is_teacher);
  const stay = await items(ctx, 'vc-presences').create({
    vc_class_id: v.id, user_id: ctx.user.id, student_id: student?.id ?? null, is_teacher: teacher, sid: ctx.socketId, joined_at: new Date().toISOString(),
  });
  await ctx.join(room(v.id));
  if (teacher) await ctx.join(teachersRoom(v.id));
  ctx.onDisconnect(room(v.id), () => endStay(ctx, v, stay.id, teacher));
  if (teacher) {
    push(ctx).toRoom(room(v.id), 'vc_room', { type: 'teacher', vc_class: v.id, sid: ctx.socketId, status: v.status });
  } else {
    push(ctx).toRoom(teachersRoom(v.id), 'vc_room', {
      type: 'join', vc_class: v.id, sid: ctx.socketId, student: student ? { id: student.id, name: student.fullname } : null, name: student?.fullname ?? ctx.user.name,
    });
    push(ctx).toRoom(teachersRoom(v.id), 'vc_room', { type: 'students', vc_class: v.id, students: await studentsList(ctx, v) });
  }
  return {
    type: 'joined', sid: ctx.socketId, is_teacher: teacher, vc_class: shownClass(v), status: v.status,
    teacher_sid: teacher ? ctx.socketId : await teacherSid(ctx, v.id),
    viewers: teacher ? (await viewers(ctx, v.id)).map((w) => ({ sid: w.sid, student_id: w.student_id, name: w.fullname ?? w.name })) : [],
    students: teacher ? await studentsList(ctx, v) : [],
  };
}

async function leave(ctx: SocketCtx, p: Payload) {
  const v = await classOf(ctx, p.vc_class, () => ctx.fail('missing'));
  const stay = await myStay(ctx, v.id);
  ctx.offDisconnect(room(v.id));
  await ctx.leave(room(v.id));
  await ctx.leave(teachersRoom(v.id));
  if (stay) await endStay(ctx, v, stay.id, !!stay.is_teacher);
  return { type: 'left', vc_class: v.id };
}

/** START at 0 makes the class live; START (Continue) or RESTART while live restarts the students' streams; END at 1 ends it. */
async function session(ctx: SocketCtx, p: Payload) {
  const v = await classOf(ctx, p.vc_class, () => ctx.fail('missing'));
  if (!isClassTeacher(ctx, v)) throw ctx.fail('notTeacher');
  const now = new Date().toISOString();
  let signal: 'START' | 'RESTART' | 'END';
  if (p.status === 'END') {
    if (v.status !== STATUS.LIVE) throw ctx.fail('cannotEnd');
    await items(ctx, 'virtual-classes').update(v.id, { status: STATUS.ENDED, actual_end_time: now }, { action: 'end' });
    signal = 'END';
  } else if (p.status === 'START' && v.status === STATUS.NOT_STARTED) {
    await items(ctx, 'virtual-classes').update(v.id, { status: STATUS.LIVE, actual_start_time: now }, { action: 'start' });
    signal = 'START';
  } else if (p.status === 'START' || p.status === 'RESTART') {
    if (v.status !== STATUS.LIVE) throw ctx.fail(p.status === 'START' ? 'cannotStart' : 'notLive');
    signal = 'RESTART';
  } else {
    throw ctx.fail('cannotStart');
  }
  const status = signal === 'END' ? STATUS.ENDED : STATUS.LIVE;
  const event = { type: 'session', status: signal, vc_class: v.id, teacher_sid: ctx.socketId, class_status: status };
  push(ctx).toRoom(room(v.id), 'vc_room', event);
  // Students not in the room yet (their list, their dashboard) see the class go live or end.
  push(ctx).toClass(v.class_id, 'vc_room', event);
  return { type: 'session', status: signal, class_status: status, viewers: (await viewers(ctx, v.id)).map((w) => ({ sid: w.sid, student_id: w.student_id, name: w.fullname ?? w.name })) };
}

/** An offer, answer or ICE candidate to one socket of the same room; one end is always the teacher (a star). */
async function signal(ctx: SocketCtx, p: Payload) {
  if (!p.sid || !p.data) throw ctx.fail('noPeer');
  const mine = await myStay(ctx, p.vc_class);
  if (!mine) throw ctx.fail('notJoined');
  const peer = await ctx.db.selectFrom('vc_presence').select('is_teacher').where('vc_class_id', '=', p.vc_class).where('sid', '=', p.sid)
    .where('left_at', 'is', null).executeTakeFirst();
  if (!peer || (!peer.is_teacher && !mine.is_teacher)) throw ctx.fail('noPeer');
  push(ctx).toSocket(p.sid, 'vc_room', { type: 'signal', vc_class: p.vc_class, sid: ctx.socketId, data: p.data });
  return { type: 'sent' };
}

export default defineSocketHandlers('virtual-classes', {
  room: async (ctx, p: Payload) => {
    switch (p.type) {
      case 'join': return join(ctx, p);
      case 'leave': return leave(ctx, p);
      case 'session': return session(ctx, p);
      case 'signal': return signal(ctx, p);
      case 'students': {
        const v = await classOf(ctx, p.vc_class, () => ctx.fail('missing'));
        if (!isClassTeacher(ctx, v) && !hasRole(ctx.user, 'admins')) throw ctx.fail('notTeacher');
        return { type: 'students', vc_class: v.id, students: await studentsList(ctx, v) };
      }
      case 'camera': {
        // The teacher opens or closes Show Students: students start or stop their snapshots.
        const v = await classOf(ctx, p.vc_class, () => ctx.fail('missing'));
        if (!isClassTeacher(ctx, v)) throw ctx.fail('notTeacher');
        push(ctx).toRoom(room(v.id), 'vc_room', { type: 'camera', vc_class: v.id, on: p.data?.on === true });
        return { type: 'camera', on: p.data?.on === true };
      }
      case 'snapshot': {
        const mine = await myStay(ctx, p.vc_class);
        if (!mine?.student_id) throw ctx.fail('notJoined');
        const image = p.data?.image;
        if (typeof image !== 'string' || !image.startsWith('data:image/jpeg;base64,') || image.length > MAX_SNAPSHOT) throw ctx.fail('snapshot');
        push(ctx).toRoom(teachersRoom(p.vc_class), 'vc_room', { type: 'snapshot', vc_class: p.vc_class, sid: ctx.socketId, student_id: mine.student_id, image });
        return { type: 'sent' };
      }
    }
  },
});
