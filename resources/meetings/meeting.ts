import schema from '../../schemas/meetings/meeting.json' with { type: 'json' };
import schedule from '../../schemas/meetings/calls/schedule.json' with { type: 'json' };
import room from '../../schemas/meetings/calls/room.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/** Everyone signed in: meetings invite parents, staff of every kind and students. */
const EVERYONE = ['parent', 'teacher', 'admin', 'super_admin', 'driver', 'watchman', 'librarian'] as const;
const ORGANISERS = ['teacher', 'admins'] as const;

/**
 * Meetings (spec 3 Meetings, §3, §4, §5, §7): teachers and admins schedule a meeting for an
 * invite group; invitees answer whether they attend while it is upcoming; the organiser (or an
 * admin) starts it (0 → 1, the room opens), ends it (1 → 2) or cancels it (0 → -1). Only
 * invitees (and the organiser) see it and enter its room, a full-screen video conference.
 */
export default defineResource({
  name: 'meetings', module: 'meetings', schema, table: 'meeting',
  label: 'Meetings', singular: 'Meeting', icon: 'TeamOutlined',
  api: {},
  indexes: [['start_time'], ['organiser_id']],
  access: { read: [...EVERYONE], create: [...ORGANISERS], update: [...EVERYONE], remove: [...ORGANISERS] },
  messages: {},
  calls: {
    mine: { call: 'GET /meetings/user/', permission: 'read' },
    one: { call: 'GET /meeting/{id}/', permission: 'read', errors: { missing: 'Meeting not found' } },
    participants: { call: 'GET /meeting/{id}/participants/', permission: 'read', errors: { missing: 'Meeting not found' } },
    users: { call: 'GET /meetings/users/', permission: 'create' },
    schedule: {
      call: 'PUT /meetings/', permission: 'create', payload: schedule, message: 'Meeting Scheduled',
      errors: {
        early: 'Start time cannot be earlier than yesterday', step: 'Start time must be in steps of 5 minutes',
        invitees: 'Invited users are required', unknownUser: 'An invited user was not found', notStudent: 'Only students can be invited in this group',
      },
    },
    respond: {
      call: 'PATCH /meeting/{id}/invitation/{response}/', permission: 'update', text: ['response'], message: 'Invitation Accepted or Rejected',
      errors: { missing: 'Meeting not found', response: 'Invalid response', notUpcoming: 'The response can be changed only while the meeting is upcoming', organiser: 'You organise this meeting' },
    },
    cancel: {
      call: 'DELETE /meeting/{id}/', permission: 'remove', message: 'Meeting canceled',
      errors: { missing: 'Meeting not found', notYours: 'Only the organiser or an admin can change this meeting', state: 'Only an upcoming meeting can be cancelled' },
    },
    status: {
      call: 'PATCH /meeting/{id}/status/{status}/', permission: 'remove', text: ['status'],
      message: { started: 'Meeting Started', ended: 'Meeting Ended' },
      errors: {
        missing: 'Meeting not found', notYours: 'Only the organiser or an admin can change this meeting', status: 'Invalid status',
        start: 'Only an upcoming meeting can be started', end: 'Only an ongoing meeting can be ended',
      },
    },
  },
  sockets: {
    room: {
      event: 'meeting_room', permission: 'read', payload: room,
      errors: {
        missing: 'Meeting not found', notStarted: 'The meeting has not started', full: 'This meeting is full: six people at most',
        notJoined: 'Join the meeting first', noPeer: 'That person is not in this meeting',
      },
    },
  },
  pages: {
    list: {
      route: '/meeting/', component: 'MeetingList', permission: 'read', menu: 'Meeting',
      calls: ['meetings.mine'],
      buttons: { add: 'meetings.schedule', respond: 'meetings.respond', cancel: 'meetings.cancel', status: 'meetings.status' },
    },
    create: {
      route: '/meeting/new', component: 'MeetingNew', permission: 'create', menu: 'Schedule Meeting',
      calls: ['meetings.schedule', 'meetings.users'],
    },
    participants: { route: '/meeting/:id/participants/', component: 'MeetingParticipants', permission: 'read', calls: ['meetings.participants'] },
    room: { route: '/meeting/room/:id', component: 'MeetingRoom', permission: 'read', calls: ['meetings.one'], buttons: { status: 'meetings.status' } },
  },
});
