/** Payloads of the login and password calls, with the messages of spec 4 section 5. */
export const loginPayload = {
  type: 'object',
  properties: {
    school_code: { type: 'string', title: 'Institution code', maxLength: 20 },
    email: { type: 'string', title: 'Email or mobile', minLength: 1, maxLength: 200 },
    password: { type: 'string', title: 'Password', minLength: 1, maxLength: 200 },
    remember: { type: 'boolean', title: 'Remember me' },
    school_url: { type: 'string', title: 'School address', maxLength: 500 },
  },
  required: ['email', 'password'],
  additionalProperties: false,
  errorMessage: { required: { email: 'This field is required', password: 'This field is required' } },
};

export const forgotPayload = {
  type: 'object',
  properties: { email: { type: 'string', title: 'Email', format: 'email', maxLength: 200, errorMessage: { format: 'Invalid email address' } } },
  required: ['email'],
  additionalProperties: false,
  errorMessage: { required: { email: 'Email is required!' } },
};

export const resetPayload = {
  type: 'object',
  properties: {
    user_id: { type: ['integer', 'string'], title: 'User', pattern: '^[0-9]{1,9}$', maximum: 999999999 },
    email: { type: 'string', title: 'Email', format: 'email', maxLength: 200, errorMessage: { format: 'Invalid email address' } },
    password: { type: 'string', title: 'Password', minLength: 8, maxLength: 200, errorMessage: { minLength: 'Password must be atleast 8 characters' } },
    reset_key: { type: 'string', title: 'Reset key', minLength: 1, maxLength: 200 },
  },
  required: ['user_id', 'email', 'password', 'reset_key'],
  additionalProperties: false,
  errorMessage: {
    required: {
      user_id: 'Invalid Password reset link', reset_key: 'Invalid Password reset link',
      email: 'Email is required!', password: 'Password must be atleast 8 characters',
    },
  },
};

export const changePasswordPayload = {
  type: 'object',
  properties: {
    old_password: { type: 'string', title: 'Old password', minLength: 1, maxLength: 200 },
    new_password: { type: 'string', title: 'New password', minLength: 8, maxLength: 200, errorMessage: { minLength: 'Password must be atleast 8 characters' } },
    confirm_password: { type: 'string', title: 'Confirm password', maxLength: 200 },
  },
  required: ['old_password', 'new_password', 'confirm_password'],
  additionalProperties: false,
  errorMessage: {
    required: {
      old_password: 'Please enter your old password',
      new_password: 'Please enter a new password',
      confirm_password: 'Please confirm the new password',
    },
  },
};
