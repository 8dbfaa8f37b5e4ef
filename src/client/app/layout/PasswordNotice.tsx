/**
 * Shown on every screen while the login's password is still its username (the family login
 * made from the mobile): the first thing a parent sees after signing in is the way to change it.
 */
import { Alert } from 'antd';
import { Link } from 'react-router';
import { useSession } from '../SessionContext.js';

export const CHANGE_PASSWORD_LINK = '/profile#change-password';

export function PasswordNotice() {
  const { user } = useSession();
  if (!user.password_is_username) return null;
  return (
    <Alert
      banner
      type="warning"
      data-testid="password-notice"
      message={<>Your password is still your username. <Link to={CHANGE_PASSWORD_LINK}>Change password</Link></>}
    />
  );
}
