import login from '../../schemas/auth/calls/login.json' with { type: 'json' };
import forgotPassword from '../../schemas/auth/calls/forgot-password.json' with { type: 'json' };
import resetPassword from '../../schemas/auth/calls/reset-password.json' with { type: 'json' };
import changePassword from '../../schemas/auth/calls/change-password.json' with { type: 'json' };
import notificationsSince from '../../schemas/auth/events/notifications.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';
import { ROLE_NAMES } from '../../src/shared/roles.js';

/**
 * The signed-in person's account (spec 4, 2 "Login" and 4 "Login and start-up"): signing in and
 * out, passwords, and what their shell starts with. The user rows are the platform's own table.
 */
export default defineResource({
  name: 'account', module: 'auth', schema: { type: 'object', properties: {} },
  label: 'Account', api: {},
  access: { read: ROLE_NAMES, update: ROLE_NAMES },
  messages: {},
  calls: {
    login: {
      call: 'POST /login/', permission: 'read', public: true, rateLimited: true, payload: login, message: 'Logged in',
      errors: { wrong: 'Incorrect email/mobile or password', disabled: 'Your account is disabled, please contact the school' },
    },
    logout: { call: 'POST /logout/', permission: 'read', message: 'Logged out' },
    // Who is signed in (the shells' first call).
    me: { call: 'GET /auth/', permission: 'read' },
    forgotPassword: {
      call: 'POST /forgot-password/', permission: 'read', public: true, rateLimited: true, payload: forgotPassword,
      // The same answer either way, so the call does not reveal who has an account.
      message: 'If this email is registered, a password reset link has been sent to it',
    },
    resetPassword: {
      call: 'POST /reset-password/', permission: 'read', public: true, rateLimited: true, payload: resetPassword,
      message: 'Password changed, please log in with the new password',
      errors: { dead: 'This password reset link is invalid or has expired' },
    },
    changePassword: {
      call: 'POST /user/change-password/', permission: 'update', payload: changePassword, message: 'Password Changed',
      errors: { mismatch: 'Passwords do not match', oldWrong: 'Old password is incorrect' },
    },
    notifications: { call: 'GET /notifications/', permission: 'read' },
    // The teacher shell's start-up: their own record, and the classes they lead.
    teacher: { call: 'GET /teacher/', permission: 'read', roles: ['teacher'] },
    teacherSettings: { call: 'GET /teacher/settings/', permission: 'read', roles: ['teacher'] },
  },
  sockets: {
    // What a browser missed while its socket was down: the notifications after its newest (`since`).
    notifications: { event: 'notifications', permission: 'read', payload: notificationsSince, reply: 'notifications' },
  },
});
